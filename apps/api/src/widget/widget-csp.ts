/**
 * The Content-Security-Policy of the widget frame (docs/widget.md): nothing inline, nothing from
 * elsewhere — scripts, styles, data and the base map come from Quayside itself; images also
 * from the optional tile server; only the key's allowed origins may frame it.
 */
export function widgetFrameCsp(allowedOrigins: readonly string[], tileUrl: string | undefined): string {
  const tiles = tileUrl ? ` ${new URL(tileUrl.replace(/\{[a-z]\}/g, '0')).origin}` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${tiles}`,
    "connect-src 'self'",
    `frame-ancestors ${allowedOrigins.length > 0 ? allowedOrigins.join(' ') : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The policy of the frame's notice page (renderWidgetNotice): no script, only the widget's style,
 * and framed by the page that asked (its origin from the Referer), or by any page when unknown —
 * the notice holds no account data.
 */
export function widgetNoticeCsp(embedder: string | null): string {
  return ["default-src 'none'", "style-src 'self'", `frame-ancestors ${embedder ?? '*'}`, "base-uri 'none'", "form-action 'none'"].join(
    '; ',
  );
}

/** Scripts and data served to any page: they run nothing the page could abuse. */
export const WIDGET_ASSET_CSP = "default-src 'none'; frame-ancestors 'none'";
