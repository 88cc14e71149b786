/**
 * At most `size` tasks at a time; the rest wait in arrival order. Image decoding holds tens of
 * megabytes per picture in libvips: six 10,000 x 10,000 PNGs decoded in parallel took 386 MB, so
 * thumbnails are made a few at a time and memory stays bounded by the slots, not by the callers.
 */
export class DecodeSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so a newcomer cannot overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Tasks queued behind the running ones (for tests and diagnostics). */
  get queued(): number {
    return this.waiting.length;
  }
}
