import fc from 'fast-check';
import { HOLD_NAMES } from '../enums/holds-and-fees.enum';
import type { ReportedHold } from './holds-and-fees.rules';
import type { ReportedFee } from './terminal-report.rules';
import { normalizeTerminalReport } from './terminal-report.rules';

const hold = (name: string, status = 'HOLD', description: string | null = null): ReportedHold => ({ name, status, description });
const fee = (code: string, amount: number | string, description: string | null = null): ReportedFee => ({
  code,
  amount,
  currency: 'usd',
  description,
});

describe('normalizeTerminalReport: holds', () => {
  it.each([
    ['Customs', 'customs'],
    ['CBP', 'customs'],
    ['CUSTOMS_EXAM', 'customs'],
    ['Intensive Exam', 'customs'],
    ['Line Hold', 'freight'],
    ['FREIGHT', 'freight'],
    ['SSL', 'freight'],
    ['usda', 'USDA'],
    ['APHIS', 'USDA'],
    ['VACIS', 'VACIS'],
    ['TMF', 'TMF'],
    ['PierPass', 'TMF'],
    ['CTF', 'other'],
  ])('%s is the documented %s', (raw, name) => {
    const report = normalizeTerminalReport([hold(raw)], []);
    expect(report.holds.map((h) => h.name)).toEqual([name]);
    expect(report.unrecognized).toEqual([]);
  });

  it('drops released holds and keeps pending ones', () => {
    const report = normalizeTerminalReport([hold('Customs', 'RELEASED'), hold('USDA', 'Pending'), hold('Freight', 'cleared')], []);
    expect(report.holds).toEqual([{ name: 'USDA', status: 'pending', description: null }]);
  });

  it('keeps an unknown hold code as `other` with its own words, and reports it', () => {
    const report = normalizeTerminalReport([hold('ZZQ', 'HOLD', 'Port authority document check')], []);
    expect(report.holds).toEqual([{ name: 'other', status: 'hold', description: 'ZZQ: Port authority document check' }]);
    expect(report.unrecognized).toEqual(['hold:ZZQ']);
  });

  it.each([['constructor'], ['toString'], ['__proto__'], ['hasOwnProperty']])(
    'reads %s, the name of an Object.prototype member, as an unknown word: an `other` hold, and a status that holds',
    (word) => {
      expect(normalizeTerminalReport([hold(word)], []).holds).toEqual([{ name: 'other', status: 'hold', description: word }]);
      expect(normalizeTerminalReport([hold('Customs', word)], [])).toEqual({
        holds: [{ name: 'customs', status: 'hold', description: null }],
        fees: [],
        unrecognized: [`hold-status:${word}`],
      });
      expect(normalizeTerminalReport([], [fee(word, 25)]).fees).toEqual([
        { type: 'other', amount: 25, currency: 'USD', description: word },
      ]);
    },
  );

  it('treats an unknown status as a hold, never as released, and reports it', () => {
    const report = normalizeTerminalReport([hold('Customs', 'Awaiting review')], []);
    expect(report.holds).toEqual([{ name: 'customs', status: 'hold', description: null }]);
    expect(report.unrecognized).toEqual(['hold-status:Awaiting review']);
  });

  it('names every `other` hold in one entry (one entry per name)', () => {
    const report = normalizeTerminalReport([hold('CTF', 'HOLD', 'Clean Truck Fund unpaid'), hold('ZZQ')], []);
    expect(report.holds).toEqual([{ name: 'other', status: 'hold', description: 'CTF: Clean Truck Fund unpaid; ZZQ' }]);
  });

  it('never loses a reported active hold: any vocabulary gives one entry per documented name, in order', () => {
    const word = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(fc.array(fc.record({ name: word, status: fc.constantFrom('HOLD', 'pending', 'weird') })), (reported) => {
        const { holds } = normalizeTerminalReport(reported, []);
        expect(holds.length > 0).toBe(reported.length > 0);
        expect(new Set(holds.map((h) => h.name)).size).toBe(holds.length);
        const order = holds.map((h) => HOLD_NAMES.indexOf(h.name));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });
});

describe('normalizeTerminalReport: fees', () => {
  it.each([
    ['Demurrage', 'demurrage'],
    ['STORAGE', 'demurrage'],
    ['DWT', 'extended_dwell_time'],
    ['Extended_Dwell_Time', 'extended_dwell_time'],
    ['EXAM', 'exam'],
    ['Total', 'total'],
  ])('%s is the documented %s', (code, type) => {
    expect(normalizeTerminalReport([], [fee(code, 10)]).fees).toEqual([{ type, amount: 10, currency: 'USD' }]);
  });

  it('keeps local fees (CTF, TMF, USDA) as `other` named in their description', () => {
    const report = normalizeTerminalReport([], [fee('CTF', '20.00', 'Clean Truck Fund'), fee('TMF', 35.12), fee('USDA', '1,250.50')]);
    expect(report.fees).toEqual([
      { type: 'other', amount: 20, currency: 'USD', description: 'CTF: Clean Truck Fund' },
      { type: 'other', amount: 35.12, currency: 'USD', description: 'TMF' },
      { type: 'other', amount: 1250.5, currency: 'USD', description: 'USDA' },
    ]);
    expect(report.unrecognized).toEqual([]);
  });

  it('keeps an unknown fee code as `other` with its own words, and reports it', () => {
    const report = normalizeTerminalReport([], [fee('QX9', 12.5, 'Chassis split')]);
    expect(report.fees).toEqual([{ type: 'other', amount: 12.5, currency: 'USD', description: 'QX9: Chassis split' }]);
    expect(report.unrecognized).toEqual(['fee:QX9']);
  });

  it('leaves out fees of zero, and reports an amount it cannot read', () => {
    const report = normalizeTerminalReport([], [fee('Demurrage', '0.00'), fee('Exam', 'n/a')]);
    expect(report.fees).toEqual([]);
    expect(report.unrecognized).toEqual(['fee:Exam']);
  });
});
