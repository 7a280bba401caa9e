// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test webhooks`.
module.exports = { displayName: 'webhooks', preset: '../../jest.integration.preset.js' };
