import { createRequire } from 'node:module';

/**
 * A stand-in for `Intl.DateTimeFormat` that builds the real formatter the first time it is used.
 */
export class DeferredDateTimeFormat implements Intl.DateTimeFormat {
  private real: Intl.DateTimeFormat | undefined;

  constructor(
    private readonly locales?: string | string[],
    private readonly options?: Intl.DateTimeFormatOptions,
    private readonly build: (locales?: string | string[], options?: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat = (l, o) =>
      new Intl.DateTimeFormat(l, o),
  ) {}

  format(date?: Date | number): string {
    return this.formatter().format(date);
  }

  formatToParts(date?: Date | number): Intl.DateTimeFormatPart[] {
    return this.formatter().formatToParts(date);
  }

  formatRange(startDate: Date | number | bigint, endDate: Date | number | bigint): string {
    return this.formatter().formatRange(startDate, endDate);
  }

  formatRangeToParts(startDate: Date | number | bigint, endDate: Date | number | bigint): Intl.DateTimeRangeFormatPart[] {
    return this.formatter().formatRangeToParts(startDate, endDate);
  }

  resolvedOptions(): Intl.ResolvedDateTimeFormatOptions {
    return this.formatter().resolvedOptions();
  }

  private formatter(): Intl.DateTimeFormat {
    this.real ??= this.build(this.locales, this.options);
    return this.real;
  }
}

/**
 * Loads `@nestjs/common` with `Intl.DateTimeFormat` standing in as {@link DeferredDateTimeFormat},
 * then puts the real constructor back. Nest builds one `Intl.DateTimeFormat` as it loads (the
 * timestamp of its ConsoleLogger, in module scope), and the first Intl object of a process
 * maps ICU's locale and time-zone data and builds ICU's formatter: about 6 MB of RSS an idle
 * process keeps (docs/architecture.md, "Memory"), for a logger our apps do not print through
 * (they log with pino). With the stand-in, that cost comes with the first line Nest's logger
 * prints, if any. Only what Nest builds while it loads gets the stand-in; every later
 * `Intl.DateTimeFormat` is the real one. A no-op when Nest is loaded already.
 */
export function loadNestWithDeferredTimestampFormat(): void {
  const RealDateTimeFormat = Intl.DateTimeFormat;
  const standIn = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    return new DeferredDateTimeFormat(locales, options, (l, o) => new RealDateTimeFormat(l, o));
  };
  Intl.DateTimeFormat = standIn as unknown as Intl.DateTimeFormatConstructor;
  try {
    createRequire(__filename)('@nestjs/common');
  } finally {
    Intl.DateTimeFormat = RealDateTimeFormat;
  }
}

loadNestWithDeferredTimestampFormat();
