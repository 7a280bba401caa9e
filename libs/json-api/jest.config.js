// Unit tests (`*.spec.ts`) of this project: `nx test json-api`.
module.exports = { displayName: 'json-api', preset: '../../jest.preset.js' };
