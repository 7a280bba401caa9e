// Unit tests (`*.spec.ts`) of this project: `nx test webhook-dispatcher`.
module.exports = { displayName: 'webhook-dispatcher', preset: '../../jest.preset.js' };
