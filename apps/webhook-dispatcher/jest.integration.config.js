// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test webhook-dispatcher`.
module.exports = { displayName: 'webhook-dispatcher', preset: '../../jest.integration.preset.js' };
