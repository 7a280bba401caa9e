import { Injectable } from '@nestjs/common';
import { ReferenceResourceRepository, ShipmentRepository } from '@quayside/data-access';
import { ResourceRegistry, parseInclude } from '@quayside/json-api';
import type { JsonApiDocument } from '@quayside/json-api';
import { containerJourney, shipmentHeadline } from '@quayside/json-api';
import type { ContainerJourney, ShipmentHeadline } from '@quayside/json-api';
import { JsonApiPresenter } from '../common/json-api-presenter.service';
import { ContainersQueryService } from '../containers/containers-query.service';
import { buildContainerMap } from '../routing/container-map.builder';
import type { FeatureCollection } from '../routing/container-map.builder';
import { RoutingService } from '../routing/routing.service';
import type { AccountContext } from '../tenancy/account-context';

const CONTAINER_TYPE = 'container';
const SHIPMENT_TYPE = 'shipment';
/** A shipment page in the widget shows at most this many containers. */
const MAX_CONTAINERS = 100;

interface ResourceLike {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
}

export interface ShipmentJourney {
  shipment: ShipmentHeadline;
  containers: ContainerJourney[];
}

/**
 * What the widget shows, read with the same queries and resource definitions as the REST api
 * (so a field means the same in both) and summarized as the MCP tools do (libs/mcp).
 */
@Injectable()
export class WidgetDataService {
  constructor(
    private readonly containers: ContainersQueryService,
    private readonly shipments: ShipmentRepository,
    private readonly routing: RoutingService,
    private readonly reference: ReferenceResourceRepository,
    private readonly registry: ResourceRegistry<AccountContext>,
    private readonly presenter: JsonApiPresenter,
  ) {}

  async container(account: AccountContext, id: string): Promise<ContainerJourney> {
    const include = parseInclude(this.registry, CONTAINER_TYPE, 'shipment,transport_events');
    const document = await this.presenter.one(CONTAINER_TYPE, await this.containers.get(account, id), account, include);
    const { data, included } = resources(document);
    return containerJourney(data[0]!, included);
  }

  async shipment(account: AccountContext, id: string): Promise<ShipmentJourney> {
    const shipment = await this.presenter.one(SHIPMENT_TYPE, await this.shipments.findOwnedShipment(account, id), account);
    const page = await this.containers.list(account, { shipmentId: id }, { number: 1, size: MAX_CONTAINERS, offset: 0 });
    const include = parseInclude(this.registry, CONTAINER_TYPE, 'transport_events');
    const list = resources(await this.presenter.one(CONTAINER_TYPE, page.rows, account, include));
    return {
      shipment: shipmentHeadline(resources(shipment).data[0]!),
      containers: list.data.map((c) => containerJourney(c, list.included)),
    };
  }

  /** The voyage map of `GET /v2/containers/{id}/map_geojson`, built by the same builder. */
  async map(account: AccountContext, id: string): Promise<FeatureCollection> {
    const route = await this.routing.route(account, id);
    const terminal = route.podTerminalId ? await this.reference.findTerminal(route.podTerminalId) : null;
    return buildContainerMap(this.routing, route, new Date(), terminal);
  }
}

function resources(document: JsonApiDocument): { data: ResourceLike[]; included: ResourceLike[] } {
  const { data, included } = document as unknown as { data: ResourceLike | ResourceLike[]; included?: ResourceLike[] };
  return { data: Array.isArray(data) ? data : [data], included: included ?? [] };
}
