import { describe, expect, it } from 'vitest';
import { histogram } from './histogram.js';
import { normalPdf } from './normal.js';
import { seriesOf } from './series.js';

describe('histogram (numpy.histogram conventions, spc.md §8)', () => {
  it('returns n_bins + 1 edges from min to max and counts that match numpy', () => {
    // numpy.histogram([10.02, 9.98, 10.01, 10.03, 9.97, 10.0, 10.04, 9.99], bins=5)
    // → counts [2, 1, 2, 1, 2], edges [9.97, 9.984, 9.998, 10.012, 10.026, 10.04]
    const result = histogram(seriesOf([10.02, 9.98, 10.01, 10.03, 9.97, 10.0, 10.04, 9.99]), 5);
    expect(result.bins).toHaveLength(6);
    expect(result.bins[0]).toBe(9.97);
    expect(result.bins[5]).toBe(10.04);
    const published = [9.97, 9.984, 9.998, 10.012, 10.026, 10.04];
    for (const [i, edge] of result.bins.entries()) expect(edge).toBeCloseTo(published[i] as number, 12);
    expect(result.frequencies).toEqual([2, 1, 2, 1, 2]);
  });

  it('puts a value lying exactly on an edge into the bin that edge opens (decimal data)', () => {
    // numpy.histogram(..., bins=5) → [1, 2, 5, 2, 2]; floor((v − lo)/w) alone misplaces the 10.00s
    const values = [10.0, 9.99, 10.0, 10.01, 10.0, 9.98, 10.02, 10.0, 9.99, 10.01, 10.0, 10.03];
    const result = histogram(seriesOf(values), 5);
    expect(result.bins[2]).toBe(10);
    expect(result.frequencies).toEqual([1, 2, 5, 2, 2]);
  });

  it('keeps the maximum in the last bin (closed on the right)', () => {
    const result = histogram(seriesOf([0, 1, 2, 3, 4, 5, 6, 7, 8, 10]), 5);
    expect(result.frequencies).toEqual([2, 2, 2, 2, 2]);
  });

  it('scales the normal curve to counts: n · w · φ((c − mean)/s) / s at each bin centre', () => {
    const values = [4.9, 5.1, 5.0, 5.3, 4.8, 5.2, 5.0, 4.7, 5.1, 4.9];
    const series = seriesOf(values);
    const result = histogram(series, 6);
    const width = (5.3 - 4.7) / 6;
    const s = series.stdev as number;
    const mean = series.mean as number;
    expect(result.normal_curve_y).toHaveLength(6);
    result.normal_curve_y.forEach((y, i) => {
      const centre = ((result.bins[i] as number) + (result.bins[i + 1] as number)) / 2;
      expect(y).toBeCloseTo((10 * width * normalPdf((centre - mean) / s)) / s, 12);
    });
    expect(result.normal_curve_within_y).toHaveLength(6);
  });

  it('degenerate data: empty for n = 0; value ± 0.5 and no curve for one value or constant data', () => {
    expect(histogram(seriesOf([]))).toEqual({
      n: 0,
      bins: [],
      frequencies: [],
      normal_curve_y: [],
      normal_curve_within_y: [],
    });
    const single = histogram(seriesOf([3]), 5);
    expect(single.bins[0]).toBe(2.5);
    expect(single.bins[5]).toBe(3.5);
    expect(single.frequencies).toEqual([0, 0, 1, 0, 0]);
    expect(single.normal_curve_y).toEqual([]);
    const constant = histogram(seriesOf([7, 7, 7]), 5);
    expect(constant.frequencies).toEqual([0, 0, 3, 0, 0]);
    expect(constant.normal_curve_y).toEqual([]);
  });

  it('defaults to 20 bins and refuses bin counts outside 5..100', () => {
    expect(histogram(seriesOf([1, 2, 3])).frequencies).toHaveLength(20);
    expect(histogram(seriesOf([1, 2, 3]), 100).frequencies).toHaveLength(100);
    for (const bad of [4, 101, 7.5, Number.NaN])
      expect(() => histogram(seriesOf([1, 2]), bad)).toThrow(RangeError);
  });
});
