import { ACCOUNT_FEATURES, PLANS } from '@quayside/domain';
import type { Schema } from '../openapi/json-api-schemas';
import { NULLABLE_DATE_TIME, resourceSchema } from '../openapi/json-api-schemas';

/** OpenAPI schema of the account resource (`GET /v2/account`): the established API's `company_name`, and ours beside it. */
export const ACCOUNT_SCHEMA: Schema = resourceSchema(
  'account',
  {
    company_name: { type: 'string' },
    plan: { type: 'string', enum: [...PLANS], description: 'Beyond the established API: free, trial or paid (docs/plans.md).' },
    trial_ends_at: { ...NULLABLE_DATE_TIME, description: 'Beyond the established API: when the trial ends; null outside a trial.' },
    features: {
      type: 'array',
      items: { type: 'string', enum: [...ACCOUNT_FEATURES] },
      description: 'Beyond the established API: the features enabled for the account.',
    },
    created_at: { type: 'string', format: 'date-time' },
    inbound_email_address: {
      type: 'string',
      description: 'Beyond the established API: where forwarded documents become email submissions (docs/documents.md).',
    },
    documents_create_tracking_requests: {
      type: 'boolean',
      description: 'Beyond the established API: whether extracted numbers not yet tracked become tracking requests (docs/documents.md).',
    },
  },
  {},
  ['company_name'],
);
