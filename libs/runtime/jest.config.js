// Unit tests (`*.spec.ts`) of this project: `nx test runtime`.
module.exports = { displayName: 'runtime', preset: '../../jest.preset.js' };
