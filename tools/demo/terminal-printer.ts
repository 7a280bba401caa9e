/**
 * Prints lines with a progress line kept at the bottom: on a terminal it is redrawn in place
 * under each new line; elsewhere (a pipe, CI) it is printed now and then as a line of its own.
 */
export class TerminalPrinter {
  private progress = '';
  private lastPlainProgressAt = 0;

  constructor(
    private readonly out: NodeJS.WriteStream = process.stdout,
    private readonly plainProgressEveryMs = 10_000,
  ) {}

  private get interactive(): boolean {
    return this.out.isTTY === true;
  }

  line(text: string): void {
    if (this.interactive) {
      this.out.write(`\r\x1b[K${text}\n${this.progress}`);
    } else {
      this.out.write(`${text}\n`);
    }
  }

  showProgress(text: string): void {
    this.progress = text;
    if (this.interactive) {
      this.out.write(`\r\x1b[K${text}`);
    } else if (Date.now() - this.lastPlainProgressAt >= this.plainProgressEveryMs) {
      this.lastPlainProgressAt = Date.now();
      this.out.write(`${text}\n`);
    }
  }

  /** Leaves the progress line as the last thing on screen, ends it, and stops redrawing it. */
  endProgress(): void {
    if (this.interactive && this.progress !== '') this.out.write('\n');
    this.progress = '';
  }
}
