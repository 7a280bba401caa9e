import { exampleList, exampleOne, exampleRequest, sampleResource } from '../openapi/example-documents';

/** OpenAPI examples of the tracking request endpoints: the request that found MSC bill of lading MEDUQS123456. */
const TRACKING_REQUEST = sampleResource('tracking_request');
const SHIPMENT = sampleResource('shipment');
const attributes = TRACKING_REQUEST.attributes ?? {};

export const CREATE_TRACKING_REQUEST_BODY_EXAMPLE = {
  billOfLading: {
    value: exampleRequest('tracking_request', {
      request_number: 'MEDUQS123456',
      request_type: 'bill_of_lading',
      scac: 'MSCU',
      ref_numbers: ['PO-1042'],
    }),
  },
  containerForCustomer: {
    value: exampleRequest(
      'tracking_request',
      { request_number: 'MSCU1824900', request_type: 'container', scac: 'MSCU', tags: ['priority'] },
      { relationships: { customer: { data: { id: '3f6d2a9e-5b1c-4e7a-9c08-1d2e4f6a8b0c', type: 'party' } } } },
    ),
  },
};

export const CREATED_TRACKING_REQUEST_EXAMPLE = exampleOne({
  ...TRACKING_REQUEST,
  attributes: { ...attributes, status: 'pending', updated_at: attributes['created_at'] },
  relationships: { ...TRACKING_REQUEST.relationships, tracked_object: { data: null } },
});

export const TRACKING_REQUEST_LIST_EXAMPLE = exampleList('/v2/tracking_requests', [TRACKING_REQUEST], [SHIPMENT]);
export const TRACKING_REQUEST_EXAMPLE = exampleOne(TRACKING_REQUEST, [SHIPMENT]);

export const EDIT_TRACKING_REQUEST_BODY_EXAMPLE = {
  refNumbersAndTags: { value: exampleRequest('tracking_request', { ref_numbers: ['PO-1042', 'PO-1043'], tags: ['priority'] }) },
};
export const EDITED_TRACKING_REQUEST_EXAMPLE = exampleOne({
  ...TRACKING_REQUEST,
  attributes: {
    ...attributes,
    ref_numbers: ['PO-1042', 'PO-1043'],
    tags: ['priority'],
    shipment_tags: ['priority'],
    updated_at: '2026-08-14T10:15:00.000Z',
  },
});

export const INFER_NUMBER_BODY_EXAMPLE = { containerNumber: { value: { number: 'MSCU1824900' } } };
export const INFER_NUMBER_RESULT_EXAMPLE = {
  data: {
    id: 'req_5c0e7b62-1f4d-4a8e-9b3c-7d2a6e1f0b94',
    type: 'infer_number_results',
    attributes: {
      number_type: 'container',
      request_type: 'container',
      possible_request_types: ['container'],
      validation: { is_valid: true, type: 'container', check_digit_passed: true, parsed_number: 'MSCU1824900', reason: null },
      shipping_line: {
        decision: 'auto_select',
        selected: { scac: 'MSCU', name: 'Mediterranean Shipping Company', confidence: 0.95 },
        candidates: [{ scac: 'MSCU', name: 'Mediterranean Shipping Company', confidence: 0.95 }],
      },
    },
  },
};
