import { layoutPageText } from './text-layout';

const run = (str: string, x: number, y: number, fontSize = 10) => ({ str, x, y, width: str.length * fontSize * 0.5, fontSize });

// The reading rules find a value after its label up to a wide gap: the layout must keep columns apart
// and lines in reading order whatever order the PDF stores its runs in.
describe('layoutPageText', () => {
  it('orders lines top to bottom and runs left to right', () => {
    expect(layoutPageText([run('second', 50, 680), run('first', 50, 700), run('line', 78, 700)])).toBe('first line\nsecond');
  });

  it('keeps two columns of one line apart with a wide gap', () => {
    expect(layoutPageText([run('Port of Discharge: LOS ANGELES', 300, 600), run('Port of Loading: SHANGHAI', 50, 600)])).toBe(
      'Port of Loading: SHANGHAI   Port of Discharge: LOS ANGELES',
    );
  });

  it('treats runs a little off the baseline as one line and skips blank runs', () => {
    expect(layoutPageText([run('B/L No.:', 50, 500), run(' ', 90, 500), run('MAEU1234567', 95, 501.5)])).toBe('B/L No.: MAEU1234567');
  });

  it('gives an empty page no text', () => {
    expect(layoutPageText([])).toBe('');
  });
});
