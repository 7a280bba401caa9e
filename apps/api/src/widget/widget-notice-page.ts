import { esc } from './widget-page';

/**
 * What the widget frame shows instead of the tracking when it cannot show it (an origin the key
 * does not allow, a key that is not valid, an unknown container): a short message in the frame,
 * rather than a blank box or a JSON error. It holds no account data.
 */
export function renderWidgetNotice(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Container tracking unavailable</title>
<link rel="stylesheet" href="/widget/v1/assets/widget.css">
</head>
<body>
<main class="qs-widget qs-notice">
<h1>Container tracking unavailable</h1>
<p>${esc(message)}</p>
<p class="qs-footer">Tracking by Quayside</p>
</main>
</body>
</html>`;
}
