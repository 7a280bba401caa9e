// Unit tests (`*.spec.ts`) of this project: `nx test tracker-worker`.
module.exports = { displayName: 'tracker-worker', preset: '../../jest.preset.js' };
