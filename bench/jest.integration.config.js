// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test bench`.
module.exports = { displayName: 'bench', preset: '../jest.integration.preset.js' };
