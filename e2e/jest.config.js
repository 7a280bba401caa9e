// Unit tests (`*.spec.ts`) of this project: `nx test e2e`.
module.exports = { displayName: 'e2e', preset: '../jest.preset.js' };
