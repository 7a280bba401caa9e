import { createHash } from 'node:crypto';
import type { CarrierEstimate, CarrierMilestone } from '@quayside/carriers';
import type { NewRawEvent } from '@quayside/data-access';
import type { Observation, ShippingLineRef } from './observation';

export interface RawEventContext {
  accountId: string;
  containerIds: ReadonlyMap<string, string>;
  line: ShippingLineRef;
  podLocode: string | null;
  podTerminalId: string | null;
  portIds: ReadonlyMap<string, string>;
  newId: () => string;
}

type Reported = CarrierMilestone | CarrierEstimate;

/**
 * Every event the carrier and the rail carriers reported for each container of an observation,
 * as they reported it (docs/containers.md, "Raw events"). The identity is what the source said —
 * its wording, the event it maps to, place, time and whether it is an estimate — so the same
 * answer again stores nothing and a new time is a new report.
 */
export function rawEventRows(observation: Observation, context: RawEventContext): NewRawEvent[] {
  const rows: NewRawEvent[] = [];
  for (const container of observation.carrier.containers) {
    const containerId = context.containerIds.get(container.number);
    if (containerId === undefined) continue;
    // Whether a report is an estimate travels beside it: `{ ...report, estimated }` would cost V8
    // (Node 20) a new hidden class per report.
    const provider = { code: context.line.scac, name: context.line.name };
    container.milestones.forEach((reported, index) => rows.push(row(reported, false, index, containerId, context, provider)));
    const offset = container.milestones.length;
    container.estimates.forEach((reported, index) => rows.push(row(reported, true, offset + index, containerId, context, provider)));
    const rail = observation.rail.byContainer.get(container.number);
    const railProvider = { code: rail?.railCarrierScac ?? null, name: null };
    (rail?.milestones ?? []).forEach((reported, index) => rows.push(row(reported, false, index, containerId, context, railProvider)));
  }
  return rows;
}

function row(
  reported: Reported,
  estimated: boolean,
  index: number,
  containerId: string,
  context: RawEventContext,
  provider: { code: string | null; name: string | null },
): NewRawEvent {
  const original = reported.originalEvent ?? reported.event;
  const identity = [
    reported.dataSource,
    original,
    reported.event,
    reported.locode ?? '',
    reported.timestamp,
    estimated ? 'estimated' : 'actual',
    reported.voyageNumber ?? '',
  ];
  return {
    id: context.newId(),
    account_id: context.accountId,
    container_id: containerId,
    event: reported.event,
    original_event: original,
    timestamp: new Date(reported.timestamp),
    timezone: reported.timezone,
    estimated,
    index,
    location_locode: reported.locode,
    location_name: reported.locationName ?? null,
    location_id: reported.locode === null ? null : (context.portIds.get(reported.locode) ?? null),
    terminal_id: reported.locode !== null && reported.locode === context.podLocode ? context.podTerminalId : null,
    vessel_name: reported.vesselName,
    vessel_imo: reported.vesselImo,
    voyage_number: reported.voyageNumber,
    data_source: reported.dataSource,
    data_provider_code: provider.code,
    data_provider_name: provider.name,
    dedupe_key: createHash('sha256').update(JSON.stringify(identity)).digest('hex'),
  };
}
