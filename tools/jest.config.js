// Unit tests (`*.spec.ts`) of this project: `nx test tools`.
module.exports = { displayName: 'tools', preset: '../jest.preset.js' };
