// Unit tests (`*.spec.ts`) of this project: `nx test domain`.
module.exports = { displayName: 'domain', preset: '../../jest.preset.js' };
