import { describe, expect, it } from 'vitest';
import { excludedMarks, versionMarks } from './chart-marks';
import { axisRange, controlChartOption } from './chart-options';
import { movingRangeOption, movingRanges } from './mr-chart-option';
import { testChart } from './test-chart';
import { TEST_CHART_LABELS } from './test-chart-labels';

const labels = TEST_CHART_LABELS;
const colors = {
  text: '#000',
  muted: '#555',
  border: '#999',
  accent: '#00f',
  fail: '#f00',
  warning: '#fa0',
  pass: '#0a0',
};

describe('axisRange', () => {
  it('spans data and limits with padding', () => {
    expect(axisRange([10, 11, null, 12])).toEqual({ min: 9.84, max: 12.16 });
    expect(axisRange([])).toBeNull();
  });
});

describe('controlChartOption', () => {
  it('marks exactly the out-of-control points and draws control and specification limits', () => {
    const chart = testChart({
      points: [
        { x: 1, y: 10, timestamp: '' },
        { x: 2, y: 10.5, timestamp: '' },
        { x: 3, y: 9.9, timestamp: '' },
      ],
      ucl: 10.4,
      lcl: 9.6,
      center_line: 10,
      out_of_control_indices: [1],
      violations: [{ index: 1, rules: [1, 5] }],
    });
    const subtask = {
      id: 1,
      task_id: 1,
      version_id: 1,
      marker_number: 1,
      description: '',
      task_title: '',
      nominal: 10,
      utl: 10.6,
      ltl: 9.4,
      uwl: 10.3,
      lwl: 9.7,
      unit: 'mm',
    };
    const option = controlChartOption(chart, subtask, labels, colors) as {
      series: { data: unknown[]; markLine?: { data: { name: string; yAxis: number }[] } }[];
      yAxis: { min: number; max: number };
    };
    // the flagged point carries its rule numbers, drawn as its label
    expect(option.series[1]?.data).toEqual([{ value: [2, 10.5], rules: '1,5' }]);
    expect(option.series[0]?.markLine?.data.map((line) => [line.name, line.yAxis])).toEqual([
      ['UCL', 10.4],
      ['CL', 10],
      ['LCL', 9.6],
      ['USL', 10.6],
      ['LSL', 9.4],
    ]);
    expect(option.yAxis.min).toBeLessThan(9.4);
    expect(option.yAxis.max).toBeGreaterThan(10.6);
  });

  it('places every limit at its exact value and labels it at the characteristic’s resolution', () => {
    // the bore: 30 ± 0.025 (3 decimals); UCL 30.0234 was drawn at 30.02 by markLine's default precision
    const subtask = {
      id: 1,
      task_id: 1,
      version_id: 1,
      marker_number: 1,
      description: '',
      task_title: '',
      nominal: 30,
      utl: 30.025,
      ltl: 29.975,
      uwl: 30.015,
      lwl: 29.985,
      unit: 'mm',
    };
    const chart = testChart({
      points: [{ x: 0, y: 30.004, timestamp: '' }],
      ucl: 30.0234,
      lcl: 29.9859,
      center_line: 30.0047,
      out_of_control_indices: [],
    });
    const option = controlChartOption(chart, subtask, labels, colors) as {
      series: { markLine?: { precision: number; data: { yAxis: number; label: { formatter: string } }[] } }[];
    };
    const markLine = option.series[0]?.markLine;
    expect(markLine?.precision).toBe(20);
    expect(Number((30.0234).toFixed(markLine?.precision))).toBe(30.0234);
    expect(markLine?.data.map((line) => line.label.formatter)).toEqual([
      'UCL 30.0234',
      'CL 30.0047',
      'LCL 29.9859',
      'USL 30.025',
      'LSL 29.975',
    ]);
  });

  it('leaves out limits the server reports as null (fewer than two points)', () => {
    const option = controlChartOption(
      testChart({ points: [{ x: 1, y: 5, timestamp: '' }], center_line: 5 }),
      undefined,
      labels,
      colors,
    ) as { series: { markLine?: { data: { name: string }[] } }[] };
    expect(option.series[0]?.markLine?.data.map((line) => line.name)).toEqual(['CL']);
  });
});

describe('movingRangeOption', () => {
  it('draws |xᵢ − xᵢ₋₁| at the I chart’s point numbers, the server’s MR̄ and UCL, and flags its points', () => {
    const chart = testChart({
      points: [0, 1, 2, 3].map((x) => ({ x, y: [10, 10.5, 10.25, 11][x] as number, timestamp: '' })),
      ucl: 12,
      lcl: 8,
      center_line: 10.4,
      out_of_control_indices: [],
      moving_range: { center_line: 0.5, ucl: 1.63365, lcl: 0, out_of_control_indices: [3] },
    });
    expect(movingRanges(chart)).toEqual([
      [1, 0.5],
      [2, 0.25],
      [3, 0.75],
    ]);
    const option = movingRangeOption(chart, undefined, labels, colors) as {
      series: {
        data: unknown[];
        markLine?: { precision: number; data: { name: string; yAxis: number }[] };
      }[];
    };
    expect(option.series[0]?.markLine?.precision).toBe(20);
    expect(option.series[0]?.markLine?.data.map((line) => [line.name, line.yAxis])).toEqual([
      ['UCL', 1.63365],
      ['CL', 0.5],
    ]);
    expect(option.series[1]?.data).toEqual([[3, 0.75]]);
  });
});

describe('excluded points', () => {
  const points = [
    { x: 0, y: 120.01, timestamp: '2026-11-25T08:00:00.000Z' },
    { x: 1, y: 119.98, timestamp: '2026-11-25T08:00:00.000Z' },
    { x: 2, y: 120.02, timestamp: '2026-11-25T08:03:00.000Z' },
  ];
  const excludedAt = (position: number, value: number) => ({
    measurement_id: 9,
    value,
    measured_at: '2026-11-25T08:00:00.000Z',
    reason: 'Data entry error',
    note: '',
    position,
  });

  it('sits half a step before the counted point that follows it, at its value when on the scale', () => {
    const range = axisRange(points.map((p) => p.y));
    const marks = excludedMarks([excludedAt(0, 120.0), excludedAt(1, 120.01), excludedAt(3, 119.99)], range);
    expect(marks.map((m) => m.value)).toEqual([
      [-0.5, 120.0],
      [0.5, 120.01],
      [2.5, 119.99],
    ]);
    expect(marks.map((m) => m.symbol)).toEqual(['circle', 'circle', 'circle']);
  });

  it('is pinned to the axis edge when off the scale, so the chart keeps the counted points’ scale, and keeps its value in the label', () => {
    const range = axisRange(points.map((p) => p.y)) as { min: number; max: number };
    const chart = testChart({
      points,
      ucl: 120.06,
      lcl: 119.95,
      center_line: 120.0,
      out_of_control_indices: [],
      excluded: [excludedAt(2, 1200.2), excludedAt(2, 12.002)],
    });
    const marks = excludedMarks(chart.excluded, range);
    expect(marks.map((m) => m.value)).toEqual([
      [1.5, range.max],
      [1.5, range.min],
    ]);
    expect(marks[0]?.symbol).toBe('triangle');
    const option = controlChartOption(chart, undefined, labels, colors) as {
      yAxis: { max: number };
      series: { name: string; data: { value: number[]; reason: string }[] }[];
    };
    expect(option.yAxis.max).toBeLessThan(121);
    const drawn = option.series.find((s) => s.name === 'X');
    expect(drawn?.data.map((d) => d.reason)).toEqual([
      '1200.200 · Data entry error',
      '12.002 · Data entry error',
    ]);
  });
});

describe('a chart across recipe versions', () => {
  const segment = (version_number: number, start: number, end: number, utl: number) => ({
    subtask_id: version_number,
    version_id: version_number,
    version_number,
    start,
    end,
    nominal: 10,
    ltl: 9,
    lwl: 9.5,
    uwl: 10.5,
    utl,
  });

  it('marks where each later version begins and draws each version’s own limits over its points', () => {
    const marks = versionMarks(
      [segment(1, 0, 0, 11), segment(2, 0, 4, 11), segment(3, 4, 6, 10.8)],
      labels,
      (v) => v.toFixed(1),
      colors,
    );
    expect(marks.spans).toBe(true);
    // version 1 has no points: no boundary and no limits of its own
    expect(marks.boundaries.map((b) => [b.name, b.xAxis])).toEqual([['v3', 3.5]]);
    expect(
      marks.limits.map(([from, to]) => [from?.name, from?.coord, (to as { coord: number[] }).coord]),
    ).toEqual([
      ['USL', [-0.5, 11], [3.5, 11]],
      ['LSL', [-0.5, 9], [3.5, 9]],
      ['USL', [3.5, 10.8], [5.5, 10.8]],
      ['LSL', [3.5, 9], [5.5, 9]],
    ]);
  });

  it('keeps the full-width limits of the selected subtask when the chart holds one version', () => {
    const marks = versionMarks([segment(2, 0, 4, 11)], labels, String, colors);
    expect(marks).toMatchObject({ spans: false, boundaries: [] });
  });
});
