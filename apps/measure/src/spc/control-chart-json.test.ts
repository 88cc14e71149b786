import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { controlChart, controlChartPoints } from './control-chart.js';
import { controlChartJsonChunks } from './control-chart-json.js';
import { ALL_RULES } from './nelson-rules.js';
import { seriesOf } from './series.js';

const text = (chunks: Iterable<Uint8Array>) => Buffer.concat([...chunks]).toString('utf8');

describe('controlChartJsonChunks', () => {
  it('writes the same JSON as JSON.stringify of the chart with its points', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: -1e13, max: 2.5e14 })),
          {
            maxLength: 9000,
          },
        ),
        (pairs) => {
          const series = seriesOf(
            pairs.map(([v]) => v),
            pairs.map(([, t]) => t),
          );
          const chart = controlChart(series, { rules: ALL_RULES });
          const streamed = JSON.parse(text(controlChartJsonChunks(chart, series)));
          // JSON has no -0 and neither has the built-in serialiser: compare with what JSON.stringify gives
          const expected = JSON.parse(JSON.stringify({ ...chart, points: [...controlChartPoints(series)] }));
          expect(streamed).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('formats timestamps exactly like toISOString at day, year and epoch boundaries', () => {
    const times = [
      0,
      999,
      86_399_999,
      86_400_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2026, 0, 1),
      -1,
      1.5,
    ];
    const series = seriesOf(
      times.map(() => 1),
      times,
    );
    const parsed = JSON.parse(text(controlChartJsonChunks(controlChart(series), series)));
    expect(parsed.points.map((point: { timestamp: string }) => point.timestamp)).toEqual(
      times.map((ms) => new Date(ms).toISOString()),
    );
  });

  it('writes null timestamps for series pushed without time, and an empty list for no points', () => {
    const series = seriesOf([1.5, 2.5]);
    const parsed = JSON.parse(text(controlChartJsonChunks(controlChart(series), series)));
    expect(parsed.points).toEqual([
      { x: 0, y: 1.5, timestamp: null },
      { x: 1, y: 2.5, timestamp: null },
    ]);
    const empty = seriesOf([]);
    expect(JSON.parse(text(controlChartJsonChunks(controlChart(empty), empty))).points).toEqual([]);
  });
});
