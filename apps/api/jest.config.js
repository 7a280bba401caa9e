// Unit tests (`*.spec.ts`) of this project: `nx test api`.
module.exports = { displayName: 'api', preset: '../../jest.preset.js' };
