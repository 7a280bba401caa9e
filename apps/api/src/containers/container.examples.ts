import { SAMPLE_IDS, exampleList, exampleOne, exampleRequest, sampleResource } from '../openapi/example-documents';

/** OpenAPI examples of the container endpoints: the sample 40' container of MEDUQS123456 at Oakland. */
const CONTAINER = sampleResource('container');
const SHIPMENT = sampleResource('shipment');
const TERMINAL = sampleResource('terminal');

export const CONTAINER_LIST_EXAMPLE = exampleList('/v2/containers', [CONTAINER], [SHIPMENT]);
export const CONTAINER_EXAMPLE = exampleOne(CONTAINER, [TERMINAL]);
export const EDITED_CONTAINER_EXAMPLE = exampleOne({ ...CONTAINER, attributes: { ...CONTAINER.attributes, ref_numbers: ['REF-12345'] } });
export const EDIT_CONTAINER_BODY_EXAMPLE = { refNumbers: { value: exampleRequest('container', { ref_numbers: ['REF-12345'] }) } };
export const EDIT_NAMED_CONTAINER_BODY_EXAMPLE = {
  refNumbers: { value: { data: { id: SAMPLE_IDS.container, type: 'container', attributes: { ref_numbers: ['REF-12345'] } } } },
};
export const REFRESH_EXAMPLE = { message: 'Started refresh for Shipping line, Terminal, Rail' };
