/**
 * A counting gate for the batches of delivery jobs a dispatcher works on: `enter` waits for a
 * free place, `leave` gives it to the next batch waiting, in arrival order.
 */
export class BatchGate {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(places: number) {
    this.free = places;
  }

  async enter(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}
