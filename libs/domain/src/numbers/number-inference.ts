import type { RequestType } from '../enums/tracking-request.enum';
import type { CarrierPrefixes } from './carrier-prefixes';
import { INFERENCE_PREFIXES, carriersByContainerOwner, carriersByShipmentPrefix } from './carrier-prefixes';
import { isValidContainerNumber, looksLikeContainerNumber } from './container-number';
import type { NumberInvalidReason } from './request-number';
import { parseRequestNumber } from './request-number';

/** `container`, or `shipment` for a bill of lading or booking number (the established API's validation.type). */
export type NumberKind = 'container' | 'shipment';

/** The established API's `shipping_line.decision`. */
export type CarrierDecision = 'auto_select' | 'needs_confirmation' | 'no_prediction';

export interface ScacCandidate {
  scac: string;
  name: string;
  /** 0..1; candidates of one result add up to 1. */
  confidence: number;
  /** The prefix or owner code that matched. */
  matched_prefix: string;
}

export interface NumberInference {
  /** Upper-cased without punctuation; null when the input is not a single number. */
  normalized_number: string | null;
  kind: NumberKind | null;
  /** Best guess of the request type: `bill_of_lading` when a carrier's prefix matched, null when a bill of lading and a booking are equally likely. */
  request_type: RequestType | null;
  /** Every request type the number could be created as. */
  possible_request_types: RequestType[];
  is_valid: boolean;
  /** Containers only: whether the ISO 6346 check digit matches; null for other numbers. */
  check_digit_passed: boolean | null;
  /** Why it is invalid, null when valid. */
  reason: NumberInvalidReason | null;
  candidates: ScacCandidate[];
  decision: CarrierDecision;
}

/** Our request types in the established API's `number_type` vocabulary. */
export const REFERENCE_NUMBER_TYPES: Readonly<Record<RequestType, 'container' | 'bill_of_lading' | 'booking'>> = {
  container: 'container',
  bill_of_lading: 'bill_of_lading',
  booking_number: 'booking',
};

/**
 * Infers what a tracking number is (POST /tracking_requests/infer_number): a container number
 * by its ISO 6346 shape (check digit validated), otherwise a bill of lading or booking number;
 * and which carriers it may belong to, from container owner codes and bill of lading prefixes.
 * One candidate gives `auto_select`, several (or a container number whose check digit fails)
 * `needs_confirmation`, none `no_prediction`.
 */
export function inferTrackingNumber(value: unknown, table: readonly CarrierPrefixes[] = INFERENCE_PREFIXES): NumberInference {
  const parsed = parseRequestNumber(value);
  if (!parsed.ok) {
    return {
      normalized_number: null,
      kind: null,
      request_type: null,
      possible_request_types: [],
      is_valid: false,
      check_digit_passed: null,
      reason: parsed.reason,
      candidates: [],
      decision: 'no_prediction',
    };
  }
  const number = parsed.number;
  if (looksLikeContainerNumber(number)) {
    const passed = isValidContainerNumber(number);
    const owner = number.slice(0, 4);
    const candidates = spread(carriersByContainerOwner(owner, table).map((carrier) => ({ carrier, prefix: owner })));
    return {
      normalized_number: number,
      kind: 'container',
      request_type: 'container',
      possible_request_types: ['container'],
      is_valid: passed,
      check_digit_passed: passed,
      reason: passed ? null : 'check_digit_mismatch',
      candidates,
      decision: decide(candidates, passed),
    };
  }
  const matches = carriersByShipmentPrefix(number, table);
  const candidates = spread(matches);
  return {
    normalized_number: number,
    kind: 'shipment',
    // The longest prefix decides: a booking-only prefix (the sandbox's TESTBK…) says booking, any other a bill of lading.
    request_type: matches.length === 0 ? null : matches[0]?.booking === true ? 'booking_number' : 'bill_of_lading',
    possible_request_types: ['bill_of_lading', 'booking_number'],
    is_valid: true,
    check_digit_passed: null,
    reason: null,
    candidates,
    decision: decide(candidates, true),
  };
}

function spread(matches: ReadonlyArray<{ carrier: CarrierPrefixes; prefix: string }>): ScacCandidate[] {
  // Only the longest matching prefix counts: "MEDU…" is MSC even if a shorter code also matched.
  const longest = matches.reduce((max, match) => Math.max(max, match.prefix.length), 0);
  const best = matches.filter((match) => match.prefix.length === longest);
  return best.map(({ carrier, prefix }) => ({
    scac: carrier.scac,
    name: carrier.name,
    confidence: 1 / best.length,
    matched_prefix: prefix,
  }));
}

function decide(candidates: readonly ScacCandidate[], valid: boolean): CarrierDecision {
  if (candidates.length === 0) return 'no_prediction';
  return candidates.length === 1 && valid ? 'auto_select' : 'needs_confirmation';
}
