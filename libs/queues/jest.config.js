// Unit tests (`*.spec.ts`) of this project: `nx test queues`.
module.exports = { displayName: 'queues', preset: '../../jest.preset.js' };
