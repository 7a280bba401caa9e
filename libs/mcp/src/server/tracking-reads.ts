import type { QuaysideApi } from '../api/quayside-api';
import { expectSuccess } from '../api/quayside-api';
import { readList, readSingle } from '@quayside/json-api';
import { containerJourney, shipmentHeadline } from '@quayside/json-api';
import type { ContainerJourney, ShipmentHeadline } from '@quayside/json-api';

/** Pages read at most when scanning all containers (100 each): bounds one tool call's cost. */
export const MAX_SCAN_PAGES = 20;

export interface ShipmentStatus {
  shipment: ShipmentHeadline;
  containers: ContainerJourney[];
}

/** The reads several tools and resources share, each one REST call (or a few) with the caller's key. */
export class TrackingReads {
  constructor(private readonly api: QuaysideApi) {}

  async container(id: string): Promise<ContainerJourney> {
    const doc = readSingle(
      await expectSuccess(this.api, 'GET', `/v2/containers/${encodeURIComponent(id)}?include=shipment,transport_events`),
    );
    return containerJourney(doc.data, doc.included);
  }

  async shipment(id: string): Promise<ShipmentStatus> {
    const doc = readSingle(await expectSuccess(this.api, 'GET', `/v2/shipments/${encodeURIComponent(id)}`));
    const containers = await this.containersWhere(`filter[shipment_id]=${encodeURIComponent(id)}`);
    return { shipment: shipmentHeadline(doc.data), containers };
  }

  /** Every container matching `query` (all of the account's when empty), page by page. */
  async containersWhere(query = ''): Promise<ContainerJourney[]> {
    const found: ContainerJourney[] = [];
    for (let page = 1; page <= MAX_SCAN_PAGES; page += 1) {
      const path = `/v2/containers?include=shipment,transport_events&page[size]=100&page[number]=${page}${query === '' ? '' : `&${query}`}`;
      const list = readList(await expectSuccess(this.api, 'GET', path));
      found.push(...list.data.map((c) => containerJourney(c, list.included)));
      if (!list.links['next']) break;
    }
    return found;
  }
}
