import type { SandboxScenario } from '@quayside/carriers';

/** An APM Terminals sandbox test container (the portal's Import Availability list). */
export const PIER_400_CONTAINER = 'WFHU5080179';

/** The line's side from the sandbox; the discharge terminal is APM Terminals Pier 400 (W185). */
export const AT_PIER_400: SandboxScenario = {
  number: 'TEST-TR-APMT',
  bookingNumber: null,
  plays: 'discharged at an APM Terminals facility',
  places: {
    pol: { locode: 'CNSHA', name: 'Shanghai', timeZone: 'Asia/Shanghai' },
    pod: { locode: 'USLAX', name: 'Los Angeles', timeZone: 'America/Los_Angeles' },
  },
  vessel: { name: 'QUAYSIDE PIONEER', imo: '9312341', voyage: '012E' },
  podTerminalFirmsCode: 'W185',
  railCarrierScac: null,
  containers: [
    {
      number: PIER_400_CONTAINER,
      isoSizeType: '45G1',
      equipment: { type: 'dry', length: 40, height: 'high_cube' },
      sealNumber: null,
      weightLbs: null,
    },
  ],
  steps: [
    { day: -1, type: 'milestone', event: 'container.transport.vessel_departed', at: 'pol' },
    { day: 2, type: 'milestone', event: 'container.transport.vessel_discharged', at: 'pod' },
  ],
};
