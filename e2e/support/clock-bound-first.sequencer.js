// The order the e2e files start in, across Jest's workers. The files that wait on the clock rather
// than the CPU go first: the carrier quota (about four minutes of requests at 60 a minute and a
// 30-second Retry-After) and the README flow (the demo plays its sandbox days). The others then run
// beside them, on the other worker, instead of after them, largest file first (Jest's own rule when
// it has no timings). The order is the same on every run: no timings are kept between runs.
'use strict';
const path = require('node:path');

const CLOCK_BOUND = ['source-quotas.e2e-spec.ts', 'readme-flow.e2e-spec.ts'];
const rank = (test) => {
  const index = CLOCK_BOUND.indexOf(path.basename(test.path));
  return index === -1 ? CLOCK_BOUND.length : index;
};
const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;

class ClockBoundFirstSequencer {
  sort(tests) {
    return [...tests].sort((a, b) => rank(a) - rank(b) || size(b) - size(a));
  }

  // No results are kept between runs, so `--onlyFailures` runs them all.
  allFailedTests(tests) {
    return this.sort(tests);
  }

  cacheResults() {}
}

module.exports = ClockBoundFirstSequencer;
