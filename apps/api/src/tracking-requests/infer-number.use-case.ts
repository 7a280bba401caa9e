import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TrackingSourceRepository } from '@quayside/data-access';
import { NUMBER_INVALID_DETAILS, REFERENCE_NUMBER_TYPES, inferTrackingNumber, unprocessableEntity } from '@quayside/domain';
import type { NumberInference, TrackingSource } from '@quayside/domain';
import { CONFIGURING_CARRIERS } from './tracking-request-rules';

export const INFER_NUMBER_RESULT_TYPE = 'infer_number_results';

/** The established API's answer document for `POST /tracking_requests/infer_number`. */
export interface InferNumberDocument {
  data: {
    id: string;
    type: typeof INFER_NUMBER_RESULT_TYPE;
    attributes: {
      /** Never null (the established API's enum has none): a shipment number of no known carrier prefix says `bill_of_lading`; `request_type` and `possible_request_types` tell the two apart. */
      number_type: 'container' | 'bill_of_lading' | 'booking';
      /** Our request type vocabulary, ready for `POST /tracking_requests`; null when a bill of lading and a booking are equally likely. */
      request_type: NumberInference['request_type'];
      possible_request_types: NumberInference['possible_request_types'];
      validation: {
        is_valid: boolean;
        type: NumberInference['kind'];
        check_digit_passed: boolean | null;
        parsed_number: string | null;
        reason: string | null;
      };
      shipping_line: {
        decision: NumberInference['decision'];
        selected: { scac: string; name: string; confidence: number } | null;
        candidates: Array<{ scac: string; name: string; confidence: number }>;
      };
    };
  };
}

/** Whether a served source can be asked about this inference's number (its kind, or any kind it may be). */
function serves(source: TrackingSource | undefined, inference: NumberInference): boolean {
  if (source === undefined) return false;
  const kinds = inference.request_type === null ? inference.possible_request_types : [inference.request_type];
  return kinds.some((kind) => source.requestTypes.includes(kind));
}

/**
 * What a tracking number is and which line it likely belongs to (the domain's
 * `inferTrackingNumber`), in the established API's shape. Something that is not one number at all
 * answers 422 as the established API does; a container number whose check digit fails is still
 * answered (200, `is_valid: false`) so a client can show why. A number whose detected lines no
 * source of this server serves is refused as `POST /v2/tracking_requests` would refuse it (422 on
 * `/data/attributes/scac`, the member a tracking request would carry the line in): a client that
 * auto-fills the line from this answer learns now, not from a refused request.
 */
@Injectable()
export class InferNumberUseCase {
  constructor(private readonly sources: TrackingSourceRepository) {}

  async execute(number: unknown): Promise<InferNumberDocument> {
    const inference = inferTrackingNumber(number);
    if (inference.kind === null) {
      const reason = inference.reason ?? 'invalid_characters';
      throw unprocessableEntity({
        pointer: '/number',
        detail: `This reference number is not valid. ${NUMBER_INVALID_DETAILS[reason]}`,
        meta: { reason },
      });
    }
    if (inference.candidates.length > 0) await this.assertServed(inference);
    const candidates = inference.candidates.map(({ scac, name, confidence }) => ({ scac, name, confidence }));
    return {
      data: {
        id: `req_${randomUUID()}`,
        type: INFER_NUMBER_RESULT_TYPE,
        attributes: {
          number_type: REFERENCE_NUMBER_TYPES[inference.request_type ?? 'bill_of_lading'],
          request_type: inference.request_type,
          possible_request_types: inference.possible_request_types,
          validation: {
            is_valid: inference.is_valid,
            type: inference.kind,
            check_digit_passed: inference.check_digit_passed,
            parsed_number: inference.normalized_number,
            reason: inference.reason,
          },
          shipping_line: {
            decision: inference.decision,
            selected: inference.decision === 'auto_select' ? (candidates[0] ?? null) : null,
            candidates,
          },
        },
      },
    };
  }

  /** Refuses a number whose every detected line is one no source of this server serves. */
  private async assertServed(inference: NumberInference): Promise<void> {
    const served = new Map((await this.sources.served('carrier')).map((source) => [source.code, source]));
    if (inference.candidates.some((candidate) => serves(served.get(candidate.scac), inference))) return;
    const lines = inference.candidates.map((c) => `${c.name} (${c.scac})`);
    const [only] = lines;
    throw unprocessableEntity({
      pointer: '/data/attributes/scac',
      detail:
        lines.length === 1 && only !== undefined
          ? `This number belongs to ${only}, which is not configured on this server: no carrier source serves it, so it cannot be tracked here. How to configure a carrier: ${CONFIGURING_CARRIERS}.`
          : `This number belongs to one of ${lines.join(', ')}, none of which is configured on this server, so it cannot be tracked here. How to configure a carrier: ${CONFIGURING_CARRIERS}.`,
      meta: { reason: 'line_not_configured', scac: inference.candidates.map((c) => c.scac) },
    });
  }
}
