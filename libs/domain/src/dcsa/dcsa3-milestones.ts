import type { MilestoneEventName } from '../enums/event-name.enum';

/** How one of our milestones is said as a DCSA Track & Trace 3.0 event (docs/dcsa.md). */
export interface Dcsa3MilestoneShape {
  eventType: 'TRANSPORT' | 'EQUIPMENT';
  /** `transportEventType` or `equipmentEventType`. */
  code: string;
  mode: 'VESSEL' | 'BARGE' | 'RAIL' | null;
  /** Equipment events only. */
  emptyIndicator: 'EMPTY' | 'LADEN' | null;
  transportPhase: 'EXPORT' | 'IMPORT' | 'TRANSSHIPMENT' | null;
}

const transport = (
  code: 'ARRIVED' | 'DEPARTED',
  mode: 'VESSEL' | 'BARGE' | 'RAIL',
  transportPhase: Dcsa3MilestoneShape['transportPhase'],
): Dcsa3MilestoneShape => ({
  eventType: 'TRANSPORT',
  code,
  mode,
  emptyIndicator: null,
  transportPhase,
});
const equipment = (
  code: string,
  emptyIndicator: 'EMPTY' | 'LADEN',
  transportPhase: Dcsa3MilestoneShape['transportPhase'],
  mode: Dcsa3MilestoneShape['mode'] = null,
): Dcsa3MilestoneShape => ({ eventType: 'EQUIPMENT', code, mode, emptyIndicator, transportPhase });

/**
 * Every milestone but `vessel_berthed` and `arrived_at_inland_destination` (DCSA 3.0 has no
 * berthing event, and the inland arrival is already published as the rail or barge arrival).
 */
export const DCSA3_MILESTONES: Readonly<Partial<Record<MilestoneEventName, Dcsa3MilestoneShape>>> = {
  'container.transport.empty_out': equipment('GATED_OUT', 'EMPTY', 'EXPORT'),
  'container.transport.full_in': equipment('GATED_IN', 'LADEN', 'EXPORT'),
  'container.transport.vessel_loaded': equipment('LOADED', 'LADEN', 'EXPORT', 'VESSEL'),
  'container.transport.vessel_departed': transport('DEPARTED', 'VESSEL', 'EXPORT'),
  'container.transport.transshipment_arrived': transport('ARRIVED', 'VESSEL', 'TRANSSHIPMENT'),
  'container.transport.transshipment_discharged': equipment('DISCHARGED', 'LADEN', 'TRANSSHIPMENT', 'VESSEL'),
  'container.transport.transshipment_loaded': equipment('LOADED', 'LADEN', 'TRANSSHIPMENT', 'VESSEL'),
  'container.transport.transshipment_departed': transport('DEPARTED', 'VESSEL', 'TRANSSHIPMENT'),
  'container.transport.feeder_arrived': transport('ARRIVED', 'BARGE', null),
  'container.transport.feeder_discharged': equipment('DISCHARGED', 'LADEN', null, 'BARGE'),
  'container.transport.feeder_loaded': equipment('LOADED', 'LADEN', null, 'BARGE'),
  'container.transport.feeder_departed': transport('DEPARTED', 'BARGE', null),
  'container.transport.vessel_arrived': transport('ARRIVED', 'VESSEL', 'IMPORT'),
  'container.transport.vessel_discharged': equipment('DISCHARGED', 'LADEN', 'IMPORT', 'VESSEL'),
  'container.transport.full_out': equipment('GATED_OUT', 'LADEN', 'IMPORT'),
  'container.transport.rail_loaded': equipment('LOADED', 'LADEN', 'IMPORT', 'RAIL'),
  'container.transport.rail_departed': transport('DEPARTED', 'RAIL', 'IMPORT'),
  'container.transport.rail_arrived': transport('ARRIVED', 'RAIL', 'IMPORT'),
  'container.transport.rail_unloaded': equipment('DISCHARGED', 'LADEN', 'IMPORT', 'RAIL'),
  'container.transport.delivered': equipment('DROPPED_OFF', 'LADEN', 'IMPORT'),
  'container.transport.empty_in': equipment('GATED_IN', 'EMPTY', 'IMPORT'),
};

/** Our milestone names published as the given DCSA event types. */
export function milestonesOfDcsa3Types(types: ReadonlySet<string>): MilestoneEventName[] {
  return (Object.entries(DCSA3_MILESTONES) as [MilestoneEventName, Dcsa3MilestoneShape][])
    .filter(([, shape]) => types.has(shape.eventType))
    .map(([name]) => name);
}
