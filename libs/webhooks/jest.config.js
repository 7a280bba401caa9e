// Unit tests (`*.spec.ts`) of this project: `nx test webhooks`.
module.exports = { displayName: 'webhooks', preset: '../../jest.preset.js' };
