import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { badRequest, DomainError, notFound } from '@quayside/domain';
import type { ContainerJourney } from '@quayside/json-api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/public.decorator';
import { HTTP_STATUS } from '../common/errors/http-status';
import { ApiConfig } from '../config/api.config';
import type { FeatureCollection } from '../routing/container-map.builder';
import type { WidgetCaller } from './widget-access.service';
import { WidgetAccessService } from './widget-access.service';
import { widgetAsset } from './widget-assets';
import { isAllowedOrigin } from './allowed-origins';
import { WIDGET_ASSET_CSP, widgetFrameCsp, widgetNoticeCsp } from './widget-csp';
import type { ShipmentJourney } from './widget-data.service';
import { WidgetDataService } from './widget-data.service';
import { renderWidgetNotice } from './widget-notice-page';
import { renderWidgetPage } from './widget-page';

export const WIDGET_PATH = 'widget/v1';

/**
 * The embeddable widget and map (docs/widget.md), outside /v2: authenticated by a publishable
 * widget key (`?key=qs_pk_...`), never an API key, and read-only. Feature `map_widget`.
 */
@ApiExcludeController()
@Public()
@Controller(WIDGET_PATH)
export class WidgetController {
  private readonly selfOrigin: string;

  constructor(
    private readonly access: WidgetAccessService,
    private readonly data: WidgetDataService,
    private readonly config: ApiConfig,
  ) {
    this.selfOrigin = new URL(config.publicBaseUrl).origin;
  }

  @Get('containers/:id')
  async container(
    @Param('id') id: string,
    @Query('key') key: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ container: ContainerJourney }> {
    const caller = await this.authorize(key, request, reply);
    return { container: await this.data.container(caller.account, id) };
  }

  @Get('containers/:id/map_geojson')
  async map(
    @Param('id') id: string,
    @Query('key') key: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FeatureCollection> {
    const caller = await this.authorize(key, request, reply);
    void reply.type('application/geo+json');
    return this.data.map(caller.account, id);
  }

  @Get('shipments/:id')
  async shipment(
    @Param('id') id: string,
    @Query('key') key: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ShipmentJourney> {
    const caller = await this.authorize(key, request, reply);
    return this.data.shipment(caller.account, id);
  }

  /**
   * The iframe form: `/widget/v1/frame?key=...&container=<id>` (or `&shipment=<id>`). What it
   * cannot show (a page on an origin the key does not allow, a bad key, an unknown id) it says in
   * the frame, in a few words, instead of leaving a blank box.
   */
  @Get('frame')
  async frame(
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const embedder = embedderOrigin(request);
    try {
      return await this.framePage(query, embedder, request, reply);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      void reply
        .code(HTTP_STATUS[error.kind])
        .type('text/html; charset=utf-8')
        .header('content-security-policy', widgetNoticeCsp(embedder))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store');
      return renderWidgetNotice(error.errors[0]?.detail ?? error.errors[0]?.title ?? 'This widget cannot be shown.');
    }
  }

  private async framePage(
    query: Record<string, unknown>,
    embedder: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<string> {
    const caller = await this.authorize(query['key'], request, reply);
    // The browser enforces the allowed origins (frame-ancestors) but would show a blank box; the
    // embedding page's origin, which embed.js has the browser send as the Referer, lets us say why.
    if (embedder !== null && embedder !== this.selfOrigin && !isAllowedOrigin(embedder, caller.widgetKey.allowed_origins)) {
      throw new DomainError('forbidden', {
        title: 'Forbidden',
        code: 'origin_not_allowed',
        detail: `This tracking widget is not enabled on ${embedder}. The site's owner can allow it by adding ${embedder} to the allowed origins of its Quayside widget key.`,
      });
    }
    const { container, shipment } = { container: single(query['container']), shipment: single(query['shipment']) };
    if ((container === null) === (shipment === null))
      throw badRequest('Give exactly one of `container` or `shipment` (an id).', { parameter: container ? 'shipment' : 'container' });
    const key = encodeURIComponent(caller.widgetKey.key);
    let page: string;
    if (container !== null) {
      const journey = await this.data.container(caller.account, container);
      page = renderWidgetPage({
        title: `Container ${journey.number ?? ''}`.trim(),
        shipment: journey.shipment,
        containers: [journey],
        mapUrl: `/${WIDGET_PATH}/containers/${journey.id}/map_geojson?key=${key}`,
        tileUrl: this.config.WIDGET_TILE_URL ?? null,
      });
    } else {
      const journey = await this.data.shipment(caller.account, shipment!);
      const first = journey.containers[0];
      page = renderWidgetPage({
        title: `Shipment ${journey.shipment.bill_of_lading_number ?? ''}`.trim(),
        shipment: journey.shipment,
        containers: journey.containers,
        mapUrl: first ? `/${WIDGET_PATH}/containers/${first.id}/map_geojson?key=${key}` : null,
        tileUrl: this.config.WIDGET_TILE_URL ?? null,
      });
    }
    void reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', widgetFrameCsp(caller.widgetKey.allowed_origins, this.config.WIDGET_TILE_URL))
      .header('cache-control', 'no-store');
    return page;
  }

  /** Scripts, styles and the base map; the same for everyone, so no key. */
  @Get(['assets/:name', 'embed.js'])
  asset(@Param('name') name: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): string {
    const asset = widgetAsset(name ?? 'embed.js');
    if (!asset) throw notFound();
    void reply
      .type(asset.type)
      .header('content-security-policy', WIDGET_ASSET_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=3600');
    return asset.body;
  }

  private async authorize(key: unknown, request: FastifyRequest, reply: FastifyReply): Promise<WidgetCaller> {
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
    const caller = await this.access.resolve(key, origin, this.selfOrigin);
    // An allowed site may also read the JSON itself (its own rendering); others get no CORS grant.
    if (origin !== undefined && origin !== this.selfOrigin)
      void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    void reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    return caller;
  }
}

/** The origin of the page that framed the widget: embed.js sets the frame's referrer policy to `strict-origin`. */
function embedderOrigin(request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || referer === '') return null;
  try {
    const origin = new URL(referer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function single(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
