import { NUMBER_INVALID_DETAILS, checkRequestNumber } from '@quayside/domain';
import type { RequestType, ShippingLine, TrackingSource, ValidationIssue } from '@quayside/domain';

const NUMBER_POINTER = '/data/attributes/request_number';
const SCAC_POINTER = '/data/attributes/scac';
const TYPE_POINTER = '/data/attributes/request_type';

const NUMBER_KIND: Readonly<Record<RequestType, string>> = {
  bill_of_lading: 'bills of lading',
  booking_number: 'booking numbers',
  container: 'container numbers',
};

const SUPPORT_FLAG: Readonly<
  Record<
    RequestType,
    keyof Pick<ShippingLine, 'bill_of_lading_tracking_support' | 'booking_number_tracking_support' | 'container_number_tracking_support'>
  >
> = {
  bill_of_lading: 'bill_of_lading_tracking_support',
  booking_number: 'booking_number_tracking_support',
  container: 'container_number_tracking_support',
};

export type RequestNumberCheck = { ok: true; number: string } | { ok: false; issue: ValidationIssue };

/**
 * One number per request (docs/rate-limits.md), judged by the domain. The number is stored as
 * the carrier will be asked for it: a container number in its ISO form; a bill of lading or
 * booking upper-cased without spaces but otherwise as written (carriers' own punctuation,
 * e.g. the sandbox's `TEST-TR-SUCCEEDED`, is part of the number).
 */
export function checkNumberOfRequest(value: unknown, requestType: RequestType): RequestNumberCheck {
  const checked = checkRequestNumber(value, requestType);
  if (!checked.ok) {
    return {
      ok: false,
      issue: { pointer: NUMBER_POINTER, detail: NUMBER_INVALID_DETAILS[checked.reason], meta: { reason: checked.reason } },
    };
  }
  if (requestType === 'container' || typeof value !== 'string') return { ok: true, number: checked.number };
  return { ok: true, number: value.replace(/\s+/g, '').toUpperCase() };
}

/**
 * Whether this account may track this kind of number with this line: the line must track the
 * kind (coverage flags), and a line enabled on request (`access: account`) must be enabled
 * for the account. Empty when it may.
 */
export function carrierIssues(
  scac: string,
  line: ShippingLine | null,
  requestType: RequestType,
  account: { readonly enabled_carrier_scacs: readonly string[] },
): ValidationIssue[] {
  if (line === null) {
    return [
      {
        pointer: SCAC_POINTER,
        detail: `Scac '${scac}' is not recognized. GET /v2/shipping_lines lists the supported lines.`,
        code: 'invalid',
        meta: { reason: 'unknown_scac' },
      },
    ];
  }
  const issues: ValidationIssue[] = [];
  if (!line[SUPPORT_FLAG[requestType]]) {
    issues.push({
      pointer: TYPE_POINTER,
      detail: `${line.name} (${line.scac}) does not support tracking ${NUMBER_KIND[requestType]}.`,
      meta: { reason: 'not_supported_by_carrier', scac: line.scac },
    });
  }
  if (line.access === 'account' && !isEnabledFor(line, account)) {
    issues.push({
      pointer: SCAC_POINTER,
      detail: `${line.name} (${line.scac}) is enabled on request and is not enabled for this account. Contact support to enable it.`,
      meta: { reason: 'carrier_not_enabled', scac: line.scac },
    });
  }
  return issues;
}

function isEnabledFor(line: ShippingLine, account: { readonly enabled_carrier_scacs: readonly string[] }): boolean {
  const enabled = new Set(account.enabled_carrier_scacs.map((scac) => scac.toUpperCase()));
  return enabled.has(line.scac) || line.alternative_scacs.some((scac) => enabled.has(scac));
}

/** Where the docs say how a carrier is configured; every refusal of an unserved line names it. */
export const CONFIGURING_CARRIERS = 'docs/carriers.md, "Configuring carriers"';

/**
 * Whether this server can ask anyone about this number (docs/carriers.md, "What this server
 * tracks"): a line no configured source serves, or a kind of number its source cannot be asked
 * by, is refused at once rather than accepted and failed a day later. Empty when it can.
 */
export function sourceIssues(line: ShippingLine, requestType: RequestType, source: TrackingSource | null): ValidationIssue[] {
  if (source === null) {
    return [
      {
        pointer: SCAC_POINTER,
        detail: `${line.name} (${line.scac}) is not configured on this server: no carrier source serves it, so it cannot be tracked here. How to configure a carrier: ${CONFIGURING_CARRIERS}.`,
        meta: { reason: 'line_not_configured', scac: line.scac },
      },
    ];
  }
  if (!source.requestTypes.includes(requestType)) {
    return [
      {
        pointer: TYPE_POINTER,
        detail: `${line.name} (${line.scac}) is configured on this server for ${source.requestTypes.map((t) => NUMBER_KIND[t]).join(' and ')} only, not ${NUMBER_KIND[requestType]}.`,
        meta: { reason: 'request_type_not_configured', scac: line.scac },
      },
    ];
  }
  return [];
}
