import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Runs `script` in a fresh process after the module: Jest's own process has class-validator loaded. */
function inFreshProcess(script: string): unknown {
  const source = [
    `require(${JSON.stringify(path.join(__dirname, 'deferred-phone-metadata.ts'))});`,
    "const metadataLoaded = () => Object.keys(require.cache).some((file) => file.includes('metadata.max.json'));",
    script,
  ].join('\n');
  return JSON.parse(execFileSync(process.execPath, ['-r', '@swc-node/register', '-e', source], { encoding: 'utf8' })) as unknown;
}

describe('deferPhoneNumberMetadata', () => {
  it('lets class-validator load without the phone-number metadata', () => {
    expect(inFreshProcess("require('class-validator'); console.log(JSON.stringify(metadataLoaded()));")).toBe(false);
  });

  it('validates phone numbers as class-validator does, loading the metadata then', () => {
    const script = [
      "const { isPhoneNumber } = require('class-validator');",
      "const answers = [isPhoneNumber('+41 44 668 18 00'), isPhoneNumber('044 668 18 00', 'CH'), isPhoneNumber('12'), isPhoneNumber('+1 555 0100 0000')];",
      'console.log(JSON.stringify({ answers, loaded: metadataLoaded() }));',
    ].join('\n');
    expect(inFreshProcess(script)).toEqual({ answers: [true, true, false, false], loaded: true });
  });

  it('answers a direct require with the real module: callable, with its exports and their keys', () => {
    const script = [
      "const standIn = require(require.resolve('libphonenumber-js/max', { paths: [require.resolve('class-validator')] }));",
      "const parsed = standIn('+41 44 668 18 00');",
      "const again = require(require.resolve('libphonenumber-js/max', { paths: [require.resolve('class-validator')] }));",
      'console.log(JSON.stringify({',
      '  country: parsed.country,',
      "  national: standIn.parsePhoneNumber('+41446681800').formatNational(),",
      "  keys: Object.keys(standIn).includes('parsePhoneNumber') && 'isValidPhoneNumber' in standIn,",
      '  realAfterwards: again !== standIn && again.parsePhoneNumber === standIn.parsePhoneNumber,',
      '}));',
    ].join('\n');
    expect(inFreshProcess(script)).toEqual({ country: 'CH', national: '044 668 18 00', keys: true, realAfterwards: true });
  });
});
