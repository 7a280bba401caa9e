// Unit tests (`*.spec.ts`) of this project: `nx test data-access`.
module.exports = { displayName: 'data-access', preset: '../../jest.preset.js' };
