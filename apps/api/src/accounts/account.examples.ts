import { exampleOne, exampleRequest } from '../openapi/example-documents';

/** OpenAPI examples of the account endpoints: a paid account with routing and refresh. */
const ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ATTRIBUTES = {
  company_name: 'Pacific Coast Imports Inc.',
  plan: 'paid',
  trial_ends_at: null,
  features: ['routing', 'container_refresh'],
  created_at: '2026-06-03T17:45:10.000Z',
  inbound_email_address: `${ID}@inbound.quayside.example.com`,
  documents_create_tracking_requests: true,
};
const ACCOUNT = { id: ID, type: 'account', attributes: ATTRIBUTES, links: { self: '/v2/account' } };

export const ACCOUNT_EXAMPLE = exampleOne(ACCOUNT);
export const UPDATE_ACCOUNT_BODY_EXAMPLE = {
  stopCreatingTrackingRequests: { value: exampleRequest('account', { documents_create_tracking_requests: false }) },
};
export const UPDATED_ACCOUNT_EXAMPLE = exampleOne({ ...ACCOUNT, attributes: { ...ATTRIBUTES, documents_create_tracking_requests: false } });
