import { exampleList, exampleOne, exampleRequest, sampleResource } from '../openapi/example-documents';

/** OpenAPI examples of the shipment endpoints: the sample MSC bill of lading MEDUQS123456, Manzanillo → Oakland. */
const SHIPMENT = sampleResource('shipment');
const CONTAINER = sampleResource('container');
const attributes = SHIPMENT.attributes ?? {};

export const SHIPMENT_LIST_EXAMPLE = exampleList('/v2/shipments', [SHIPMENT], [CONTAINER]);
export const SHIPMENT_EXAMPLE = exampleOne(SHIPMENT, [CONTAINER, sampleResource('port')]);
export const EDIT_SHIPMENT_BODY_EXAMPLE = {
  refNumbersAndTags: { value: exampleRequest('shipment', { ref_numbers: ['PO-1042', 'PO-1043'], tags: ['priority'] }) },
};
export const EDITED_SHIPMENT_EXAMPLE = exampleOne({
  ...SHIPMENT,
  attributes: { ...attributes, ref_numbers: ['PO-1042', 'PO-1043'], tags: ['priority'] },
});
export const STOPPED_SHIPMENT_EXAMPLE = exampleOne({
  ...SHIPMENT,
  attributes: { ...attributes, line_tracking_stopped_at: '2026-08-14T10:02:11.000Z', line_tracking_stopped_reason: 'cancelled_by_user' },
});
export const RESUMED_SHIPMENT_EXAMPLE = exampleOne(SHIPMENT);
