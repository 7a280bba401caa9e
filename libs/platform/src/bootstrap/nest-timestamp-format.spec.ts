import { ConsoleLogger } from '@nestjs/common';
import { DeferredDateTimeFormat, loadNestWithDeferredTimestampFormat } from './nest-timestamp-format';

describe('DeferredDateTimeFormat', () => {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    timeZone: 'UTC',
  };
  const at = Date.UTC(2026, 10, 26, 15, 4, 5);

  it('builds nothing until it is used', () => {
    const build = jest.fn((locales?: string | string[], opts?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locales, opts));
    new DeferredDateTimeFormat('en-US', options, build);
    expect(build).not.toHaveBeenCalled();
  });

  it('formats as the real formatter does, building it once', () => {
    const build = jest.fn((locales?: string | string[], opts?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locales, opts));
    const deferred = new DeferredDateTimeFormat('en-US', options, build);
    const real = new Intl.DateTimeFormat('en-US', options);
    expect(deferred.format(at)).toBe(real.format(at));
    expect(deferred.formatToParts(at)).toEqual(real.formatToParts(at));
    expect(deferred.formatRange(at, at + 3_600_000)).toBe(real.formatRange(at, at + 3_600_000));
    expect(deferred.resolvedOptions()).toEqual(real.resolvedOptions());
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe('loadNestWithDeferredTimestampFormat', () => {
  it('leaves the real Intl.DateTimeFormat in place', () => {
    const real = Intl.DateTimeFormat;
    loadNestWithDeferredTimestampFormat();
    expect(Intl.DateTimeFormat).toBe(real);
    expect(new Intl.DateTimeFormat('en-US')).toBeInstanceOf(real);
  });

  it("keeps Nest's console logger printing its timestamp", () => {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      new ConsoleLogger('Spec', { timestamp: true, colors: false }).log('hello');
      expect(String(write.mock.calls[0]?.[0])).toMatch(/\d{1,2}\/\d{1,2}\/\d{4},? \d{1,2}:\d{2}:\d{2}.*hello/);
    } finally {
      write.mockRestore();
    }
  });
});
