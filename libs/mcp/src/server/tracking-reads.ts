import type { QuaysideApi } from '../api/quayside-api';
import { expectSuccess } from '../api/quayside-api';
import { containerJourney, containersAtRisk, readList, readSingle, shipmentHeadline } from '@quayside/json-api';
import type { ContainerAtRisk, ListDocument, ResourceObject, ShipmentHeadline } from '@quayside/json-api';
import { containerDetail, containerSummary } from './container-summary';
import type { ContainerDetail, ContainerSummary } from './container-summary';
import { listPages } from './list-pages';
import { ToolInputError } from './tool-result';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTAINER_INCLUDE = 'include=shipment,transport_events';

export interface ShipmentStatus {
  shipment: ShipmentHeadline;
  containers: ContainerSummary[];
}

/**
 * The reads several tools, resources and prompts share, each a few REST calls with the caller's
 * key. Containers and shipments are named the way people name them — a container number, a bill
 * of lading or booking number — or by their Quayside id.
 */
export class TrackingReads {
  constructor(
    private readonly api: QuaysideApi,
    private readonly now: () => Date,
  ) {}

  /** A container by its id or number (the newest when the number was tracked more than once). */
  async container(ref: string): Promise<ContainerDetail> {
    if (UUID.test(ref)) {
      const doc = readSingle(await expectSuccess(this.api, 'GET', `/v2/containers/${encodeURIComponent(ref)}?${CONTAINER_INCLUDE}`));
      return this.detail(doc.data, doc.included);
    }
    const list = await this.containerList(`filter[number]=${encodeURIComponent(compact(ref))}&page[size]=100`);
    const [newest, ...others] = [...list.data].sort((x, y) => createdAt(y).localeCompare(createdAt(x)));
    if (newest === undefined) {
      const shipment = await this.findShipment(ref);
      if (shipment !== null)
        throw new ToolInputError(`${ref} is a shipment (bill of lading or booking), not a container: use get_shipment.`);
      throw new ToolInputError(
        `No container numbered ${ref} is tracked in this account. Use search for a partial number, or track to start tracking it.`,
      );
    }
    const detail = this.detail(newest, list.included);
    return others.length === 0 ? detail : { ...detail, other_matches: others.map((c) => c.id) };
  }

  /** A shipment by its id, bill of lading, booking number (or the number it was tracked by), or one of its container numbers. */
  async shipment(ref: string): Promise<ShipmentStatus> {
    const shipment = await this.findShipment(ref);
    if (shipment === null) {
      const byContainer = await this.containerList(`filter[number]=${encodeURIComponent(compact(ref))}&page[size]=1`);
      const via = byContainer.data[0]?.relationships?.['shipment']?.data;
      if (via && !Array.isArray(via)) return this.shipment(via.id);
      throw new ToolInputError(
        `No shipment with the bill of lading, booking or container number ${ref} is tracked in this account. Use search for a partial number.`,
      );
    }
    const containers = await this.summaries(`filter[shipment_id]=${encodeURIComponent(shipment.id)}`);
    return { shipment: shipmentHeadline(shipment), containers };
  }

  /** The account's containers matching `query` (all when empty) as summaries, page by page. */
  async summaries(query = ''): Promise<ContainerSummary[]> {
    const pages = await listPages(this.api, `/v2/containers?${CONTAINER_INCLUDE}&page[size]=100${query === '' ? '' : `&${query}`}`);
    return pages.flatMap((list) => list.data.map((c) => containerSummary(c, list.included)));
  }

  /** The containers at risk of demurrage within `days` (the tool's answer, and the daily check prompt's content). */
  async atRisk(days: number): Promise<{ as_of: string; within_days: number; containers: ContainerAtRisk[] }> {
    const pages = await listPages(this.api, `/v2/containers?${CONTAINER_INCLUDE}&page[size]=100`);
    const all = pages.flatMap((list) => list.data.map((c) => containerJourney(c, list.included)));
    return { as_of: this.now().toISOString(), within_days: days, containers: containersAtRisk(all, days) };
  }

  private async findShipment(ref: string): Promise<ResourceObject | null> {
    if (UUID.test(ref)) return readSingle(await expectSuccess(this.api, 'GET', `/v2/shipments/${encodeURIComponent(ref)}`)).data;
    const list = readList(await expectSuccess(this.api, 'GET', `/v2/shipments?number=${encodeURIComponent(compact(ref))}&page[size]=1`));
    return list.data[0] ?? null;
  }

  private async containerList(query: string): Promise<ListDocument> {
    return readList(await expectSuccess(this.api, 'GET', `/v2/containers?${CONTAINER_INCLUDE}&${query}`));
  }

  private detail(container: ResourceObject, included: readonly ResourceObject[]): ContainerDetail {
    return containerDetail(container, included);
  }
}

/** A number as people write it ("MSCU 123456-6"): the api matches numbers without spaces. */
function compact(ref: string): string {
  return ref.trim().replace(/\s+/g, '');
}

function createdAt(resource: ResourceObject): string {
  return typeof resource.attributes['created_at'] === 'string' ? resource.attributes['created_at'] : '';
}
