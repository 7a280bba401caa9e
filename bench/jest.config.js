// Unit tests (`*.spec.ts`) of this project: `nx test bench`.
module.exports = { displayName: 'bench', preset: '../jest.preset.js' };
