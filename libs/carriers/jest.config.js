// Unit tests (`*.spec.ts`) of this project: `nx test carriers`.
module.exports = { displayName: 'carriers', preset: '../../jest.preset.js' };
