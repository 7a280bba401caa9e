// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test tools`.
module.exports = { displayName: 'tools', preset: '../jest.integration.preset.js' };
