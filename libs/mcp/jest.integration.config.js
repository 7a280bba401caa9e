// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test mcp`.
module.exports = { displayName: 'mcp', preset: '../../jest.integration.preset.js' };
