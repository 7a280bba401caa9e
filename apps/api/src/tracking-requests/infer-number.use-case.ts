import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { NUMBER_INVALID_DETAILS, REFERENCE_NUMBER_TYPES, inferTrackingNumber, unprocessableEntity } from '@quayside/domain';
import type { NumberInference } from '@quayside/domain';

export const INFER_NUMBER_RESULT_TYPE = 'infer_number_results';

/** The established API's answer document for `POST /tracking_requests/infer_number`. */
export interface InferNumberDocument {
  data: {
    id: string;
    type: typeof INFER_NUMBER_RESULT_TYPE;
    attributes: {
      number_type: 'container' | 'bill_of_lading' | 'booking' | null;
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

/**
 * What a tracking number is and which line it likely belongs to (the domain's
 * `inferTrackingNumber`), in the established API's shape. Something that is not one number at all
 * answers 422 as the established API does; a container number whose check digit fails is still
 * answered (200, `is_valid: false`) so a client can show why.
 */
@Injectable()
export class InferNumberUseCase {
  execute(number: unknown): InferNumberDocument {
    const inference = inferTrackingNumber(number);
    if (inference.kind === null) {
      const reason = inference.reason ?? 'invalid_characters';
      throw unprocessableEntity({
        pointer: '/number',
        detail: `This reference number is not valid. ${NUMBER_INVALID_DETAILS[reason]}`,
        meta: { reason },
      });
    }
    const candidates = inference.candidates.map(({ scac, name, confidence }) => ({ scac, name, confidence }));
    return {
      data: {
        id: `req_${randomUUID()}`,
        type: INFER_NUMBER_RESULT_TYPE,
        attributes: {
          number_type: inference.request_type === null ? null : REFERENCE_NUMBER_TYPES[inference.request_type],
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
}
