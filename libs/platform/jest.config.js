// Unit tests (`*.spec.ts`) of this project: `nx test platform`.
module.exports = { displayName: 'platform', preset: '../../jest.preset.js' };
