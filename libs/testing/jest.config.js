// Unit tests (`*.spec.ts`) of this project: `nx test testing`.
module.exports = { displayName: 'testing', preset: '../../jest.preset.js' };
