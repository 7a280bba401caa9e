import { SAMPLE_IDS, exampleList, sampleResource } from '../openapi/example-documents';

/** OpenAPI example of a container's transport events: the sample container discharged at Oakland. */
const TRANSPORT_EVENT = sampleResource('transport_event', 'container.transport.vessel_discharged');
export const TRANSPORT_EVENTS_EXAMPLE = exampleList(`/v2/containers/${SAMPLE_IDS.container}/transport_events`, [TRANSPORT_EVENT]);

