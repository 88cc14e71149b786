/**
 * One subtask's individual values, pushed once in time order (ascending measured_at, then id).
 *
 * The endpoint layer feeds it from a database cursor; it keeps the values and timestamps in
 * growable Float64Arrays (16 bytes a point, no row objects) and the running statistics every
 * result needs: compensated sums of the values and of the moving ranges, Welford's sum of squared
 * deviations (stable on data like 74.001 ± 0.01, spc.md §4), minimum and maximum.
 */

const INITIAL_CAPACITY = 1024;

/** Neumaier's compensated summation: a million terms keep their full precision. */
class CompensatedSum {
  private sum = 0;
  private compensation = 0;

  add(term: number): void {
    const next = this.sum + term;
    this.compensation +=
      Math.abs(this.sum) >= Math.abs(term) ? this.sum - next + term : term - next + this.sum;
    this.sum = next;
  }

  get value(): number {
    return this.sum + this.compensation;
  }
}

export class SpcSeries {
  private valueBuffer = new Float64Array(INITIAL_CAPACITY);
  private timeBuffer = new Float64Array(INITIAL_CAPACITY);
  private count = 0;
  private runningMean = 0;
  private sumSquaredDeviations = 0;
  private readonly valueSum = new CompensatedSum();
  private readonly movingRangeSum = new CompensatedSum();
  private minimum = Number.POSITIVE_INFINITY;
  private maximum = Number.NEGATIVE_INFINITY;

  /**
   * Adds the next value in time order. `timestamp` is measured_at in epoch milliseconds (UTC);
   * pass NaN when a caller only needs capability or a histogram. Non-finite values are refused:
   * one NaN would silently poison every statistic.
   */
  push(value: number, timestamp = Number.NaN): void {
    if (!Number.isFinite(value)) throw new RangeError(`SpcSeries: value must be finite, got ${value}`);
    if (this.count === this.valueBuffer.length) this.grow();
    if (this.count > 0)
      this.movingRangeSum.add(Math.abs(value - (this.valueBuffer[this.count - 1] as number)));
    this.valueBuffer[this.count] = value;
    this.timeBuffer[this.count] = timestamp;
    this.count += 1;
    this.valueSum.add(value);
    const delta = value - this.runningMean;
    this.runningMean += delta / this.count;
    this.sumSquaredDeviations += delta * (value - this.runningMean);
    if (value < this.minimum) this.minimum = value;
    if (value > this.maximum) this.maximum = value;
  }

  get n(): number {
    return this.count;
  }

  /** The values in push order (a view, not a copy). */
  get values(): Float64Array {
    return this.valueBuffer.subarray(0, this.count);
  }

  /** The timestamps (epoch ms) in push order (a view, not a copy). */
  get timestamps(): Float64Array {
    return this.timeBuffer.subarray(0, this.count);
  }

  /**
   * Arithmetic mean from the compensated sum, so it is the correctly rounded Σx / n that Minitab and
   * qcc report (a point exactly on the centre line must compare equal to it, rule 2); Welford's
   * running mean only serves the sum of squares.
   */
  get mean(): number | null {
    return this.count === 0 ? null : this.valueSum.value / this.count;
  }

  /** Sample standard deviation (divisor n − 1, no c4); null when n < 2, 0 for constant data. */
  get stdev(): number | null {
    if (this.count < 2) return null;
    return Math.sqrt(Math.max(0, this.sumSquaredDeviations) / (this.count - 1));
  }

  /** Σ(xᵢ − mean)², the spread about the mean that the standard deviation is built from. */
  get sumOfSquares(): number {
    return this.sumSquaredDeviations;
  }

  /** Average moving range of span 2, MR̄ = Σ|xᵢ − xᵢ₋₁| / (n − 1); null when n < 2. */
  get mrBar(): number | null {
    return this.count < 2 ? null : this.movingRangeSum.value / (this.count - 1);
  }

  get min(): number | null {
    return this.count === 0 ? null : this.minimum;
  }

  get max(): number | null {
    return this.count === 0 ? null : this.maximum;
  }

  private grow(): void {
    const values = new Float64Array(this.valueBuffer.length * 2);
    values.set(this.valueBuffer);
    this.valueBuffer = values;
    const times = new Float64Array(this.timeBuffer.length * 2);
    times.set(this.timeBuffer);
    this.timeBuffer = times;
  }
}

/** A series from plain values (tests, benches, and callers that already hold an array). */
export function seriesOf(values: Iterable<number>, timestamps?: Iterable<number>): SpcSeries {
  const series = new SpcSeries();
  const times = timestamps?.[Symbol.iterator]();
  for (const value of values) series.push(value, times?.next().value ?? Number.NaN);
  return series;
}

/**
 * measured_at as epoch milliseconds. Strings without a zone designator (SQLite's
 * "2026-11-21 08:00:00") are read as UTC, never as the server's local time.
 */
export function toEpochMs(time: Date | string | number): number {
  if (typeof time === 'number') return time;
  if (time instanceof Date) return time.getTime();
  const text = time.trim().replace(' ', 'T');
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) || !text.includes('T') ? text : `${text}Z`;
  return Date.parse(zoned);
}
