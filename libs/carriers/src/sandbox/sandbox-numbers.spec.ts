import { inferTrackingNumber } from '@quayside/domain';
import { SANDBOX_SCAC } from './sandbox-scenario';
import { SANDBOX_SCENARIOS } from './sandbox-scenarios';

/**
 * Every number a sandbox scenario answers to is inferred as the sandbox line's, with its kind
 * (docs/carriers.md, "The sandbox"): `track` in the MCP server and infer_number need no SCAC or type.
 */
describe('sandbox numbers are inferred as the sandbox line’s', () => {
  const rows = SANDBOX_SCENARIOS.flatMap((scenario) => [
    [scenario.number, 'bill_of_lading'] as const,
    ...(scenario.bookingNumber === null ? [] : [[scenario.bookingNumber, 'booking_number'] as const]),
    ...scenario.containers.map((container) => [container.number, 'container'] as const),
  ]);

  it.each(rows)('%s → %s', (number, requestType) => {
    const inference = inferTrackingNumber(number);
    expect(inference).toMatchObject({ request_type: requestType, is_valid: true, decision: 'auto_select' });
    expect(inference.candidates.map((c) => c.scac)).toEqual([SANDBOX_SCAC]);
  });
});
