// Unit tests (`*.spec.ts`) of this project: `nx test mcp`.
module.exports = { displayName: 'mcp', preset: '../../jest.preset.js' };
