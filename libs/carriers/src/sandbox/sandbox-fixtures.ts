import type { SandboxContainer, SandboxPlace, SandboxStep, SandboxVessel } from './sandbox-scenario';

export const SHANGHAI: SandboxPlace = { locode: 'CNSHA', name: 'Shanghai', timeZone: 'Asia/Shanghai' };
export const SINGAPORE: SandboxPlace = { locode: 'SGSIN', name: 'Singapore', timeZone: 'Asia/Singapore' };
export const LOS_ANGELES: SandboxPlace = { locode: 'USLAX', name: 'Los Angeles', timeZone: 'America/Los_Angeles' };
export const CHICAGO: SandboxPlace = { locode: 'USCHI', name: 'Chicago', timeZone: 'America/Chicago' };

/** IMO numbers with a valid check digit that no registered ship uses in these scenarios' world. */
export const PIONEER: SandboxVessel = { name: 'QUAYSIDE PIONEER', imo: '9312341', voyage: '012E' };
export const HORIZON: SandboxVessel = { name: 'QUAYSIDE HORIZON', imo: '9411111', voyage: '105E' };
export const MERIDIAN: SandboxVessel = { name: 'QUAYSIDE MERIDIAN', imo: '9513579', voyage: '220W' };

export function dry40HighCube(number: string, sealNumber: string): SandboxContainer {
  return { number, isoSizeType: '45G1', equipment: { type: 'dry', length: 40, height: 'high_cube' }, sealNumber, weightLbs: 28_660 };
}

export function dry20(number: string, sealNumber: string): SandboxContainer {
  return { number, isoSizeType: '22G1', equipment: { type: 'dry', length: 20, height: 'standard' }, sealNumber, weightLbs: 19_840 };
}

export function reefer40HighCube(number: string, sealNumber: string): SandboxContainer {
  return { number, isoSizeType: '45R1', equipment: { type: 'reefer', length: 40, height: 'high_cube' }, sealNumber, weightLbs: 31_200 };
}

/**
 * The export half every ocean scenario shares: empty out, full in, loaded, departed at the port
 * of loading, starting `startDay` and ending with an arrival estimate at the port of discharge.
 */
export function exportLeg(startDay: number, podEtaDay: number, vessel: SandboxVessel = PIONEER): SandboxStep[] {
  return [
    {
      day: startDay - 3,
      type: 'estimate',
      event: 'container.transport.estimated.vessel_departed',
      at: 'pol',
      eventDay: startDay + 3,
      vessel,
    },
    { day: startDay, type: 'milestone', event: 'container.transport.empty_out', at: 'pol' },
    { day: startDay + 1, type: 'milestone', event: 'container.transport.full_in', at: 'pol' },
    { day: startDay + 2.5, type: 'milestone', event: 'container.transport.vessel_loaded', at: 'pol', vessel },
    { day: startDay + 3, type: 'milestone', event: 'container.transport.vessel_departed', at: 'pol', vessel },
    { day: startDay + 3, type: 'estimate', event: 'container.transport.estimated.vessel_arrived', at: 'pod', eventDay: podEtaDay },
  ];
}

/** Arrival, berth and discharge at the port of discharge from `arrivalDay`. */
export function arrivalLeg(arrivalDay: number): SandboxStep[] {
  return [
    { day: arrivalDay, type: 'milestone', event: 'container.transport.vessel_arrived', at: 'pod' },
    { day: arrivalDay + 0.25, type: 'milestone', event: 'container.transport.vessel_berthed', at: 'pod' },
    { day: arrivalDay + 1, type: 'milestone', event: 'container.transport.vessel_discharged', at: 'pod' },
  ];
}
