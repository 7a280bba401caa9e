// Some test-only packages ship only ES modules: kubernetes-models (the Helm chart's schema
// validators, tools/chart) and what they load, whose package exports name no `require`
// condition, and content-disposition 3 (through @fastify/static). Jest runs CommonJS, so these
// resolve by their `import` condition and jest.preset.js compiles them; every other package
// resolves as before.
'use strict';
const ESM_ONLY = [
  'content-disposition',
  'kubernetes-models',
  '@kubernetes-models/[^/]+',
  'is-cidr',
  'cidr-regex',
  // file-type (the documents' signature sniffing) and its tokenizers.
  'file-type',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer/inflate',
  '@borewit/text-codec',
  // p-limit (each source's local queue, libs/carriers) and its queue.
  'p-limit',
  'yocto-queue',
];
const esmOnly = new RegExp(`^(${ESM_ONLY.join('|')})(/|$)`);

module.exports = (request, options) =>
  options.defaultResolver(request, esmOnly.test(request) ? { ...options, conditions: ['import', 'default'] } : options);
module.exports.ESM_ONLY = ESM_ONLY;
