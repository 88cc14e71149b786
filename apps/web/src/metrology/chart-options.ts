import type { ControlChart, Histogram, SubtaskOption } from '../api/types';
import { decimalsFor } from '../format';
import { commentTooltip } from './chart-comments';
import { excludedMarks, versionMarks } from './chart-marks';
import type { ChartOption, themeColors } from './echart';

export type Colors = ReturnType<typeof themeColors>;

export interface ChartLabels {
  /** Numbers on axes and limit labels, in the user's language, with this many decimals. */
  format: (value: number, decimals: number) => string;
  value: string;
  ucl: string;
  lcl: string;
  center: string;
  usl: string;
  lsl: string;
  outOfControl: string;
  frequency: string;
  normalCurve: string;
  movingRange: string;
  excluded: string;
  /** A timestamp in the user's language (the tooltip). */
  time: (iso: string) => string;
  /** The label of a version boundary: "v5". */
  version: (number: number) => string;
}

/** Axis range that shows the data and every limit line, with a little air around them. */
export function axisRange(values: (number | null | undefined)[]): { min: number; max: number } | null {
  const finite = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (finite.length === 0) return null;
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  const pad = (high - low || Math.abs(high) || 1) * 0.08;
  return { min: low - pad, max: high + pad };
}

interface LineStyle {
  color: string;
  dashed: boolean;
  axis: 'xAxis' | 'yAxis';
  /** Control limits are labelled at the right end, specification limits at the left, so labels never overlap. */
  labelAt: 'start' | 'end';
  format: (value: number) => string;
}

/**
 * Decimals the characteristic is read at: as many as its nominal and limits carry (decimalsFor: at
 * least 2, at most 6). Specification limits and axes are labelled at that resolution; the centre line
 * and control limits, which are statistics of the values, with one digit more (as the SPC PDF prints
 * mean and sigma), so a UCL of 30.0234 on a 30 ± 0.025 bore reads 30.0234, not 30.02.
 */
export function chartDecimals(subtask: Pick<SubtaskOption, 'nominal' | 'utl' | 'ltl'> | undefined): {
  value: number;
  statistic: number;
} {
  const value = subtask ? decimalsFor(subtask.nominal, subtask.utl, subtask.ltl) : 3;
  return { value, statistic: Math.min(6, value + 1) };
}

/**
 * ECharts rounds a markLine's value to `precision` decimals (default 2) before placing it, so a UCL of
 * 30.0234 was drawn at 30.02. 20 is the most toFixed accepts: every limit is placed at its own value.
 */
export const EXACT = 20;

export function limitLine(name: string, value: number | null | undefined, style: LineStyle) {
  if (value === null || value === undefined || !Number.isFinite(value)) return [];
  const position =
    style.axis === 'xAxis' ? 'end' : style.labelAt === 'start' ? 'insideStartTop' : 'insideEndTop';
  return [
    {
      name,
      [style.axis]: value,
      lineStyle: { color: style.color, type: style.dashed ? 'dashed' : 'solid', width: 2 },
      label: {
        formatter: `${name} ${style.format(value)}`,
        color: style.color,
        position,
        fontWeight: 'bold',
      },
    },
  ];
}

/** Individuals chart: the points, centre and control limits, the specification limits, out-of-control points in red. */
export function controlChartOption(
  chart: ControlChart,
  subtask: SubtaskOption | undefined,
  labels: ChartLabels,
  colors: Colors,
): ChartOption {
  const outOfControl = new Set(chart.out_of_control_indices);
  const rulesAt = new Map(chart.violations.map((v) => [v.index, v.rules]));
  const range = axisRange([
    ...chart.points.map((p) => p.y),
    chart.ucl,
    chart.lcl,
    subtask?.utl,
    subtask?.ltl,
    ...chart.versions.flatMap((version) => [version.utl, version.ltl]),
  ]);
  const decimals = chartDecimals(subtask);
  const atValue = (value: number) => labels.format(value, decimals.value);
  const atStatistic = (value: number) => labels.format(value, decimals.statistic);
  const control = { axis: 'yAxis', labelAt: 'end', format: atStatistic } as const;
  const spec = { axis: 'yAxis', labelAt: 'start', dashed: false, format: atValue } as const;
  const excluded = excludedMarks(chart.excluded, range);
  const versions = versionMarks(chart.versions, labels, atValue, colors);
  const specLines = versions.spans
    ? [...versions.boundaries, ...versions.limits]
    : [
        ...limitLine(labels.usl, subtask?.utl, { ...spec, color: colors.warning }),
        ...limitLine(labels.lsl, subtask?.ltl, { ...spec, color: colors.warning }),
      ];
  return {
    animation: false,
    textStyle: { color: colors.text },
    grid: { left: 70, right: 30, top: 30, bottom: 40 },
    tooltip: commentTooltip(chart, atValue, labels.time),
    xAxis: {
      type: 'value',
      // half a step of air so the first and last points are not cut by the axes
      min: (extent: { min: number }) => extent.min - 0.5,
      max: (extent: { max: number }) => extent.max + 0.5,
      minInterval: 1,
      axisLabel: { color: colors.muted, showMinLabel: false, showMaxLabel: false },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: labels.value,
      min: range?.min,
      max: range?.max,
      axisLabel: { color: colors.muted, formatter: atValue, showMinLabel: false, showMaxLabel: false },
      splitLine: { lineStyle: { color: colors.border, opacity: 0.3 } },
    },
    series: [
      {
        name: labels.value,
        type: 'line',
        data: chart.points.map((p) => [p.x, p.y]),
        symbol: 'circle',
        symbolSize: 7,
        lineStyle: { color: colors.accent },
        itemStyle: { color: colors.accent },
        markLine: {
          symbol: 'none',
          silent: true,
          precision: EXACT,
          data: [
            ...limitLine(labels.ucl, chart.ucl, { ...control, color: colors.fail, dashed: true }),
            ...limitLine(labels.center, chart.center_line, { ...control, color: colors.pass, dashed: false }),
            ...limitLine(labels.lcl, chart.lcl, { ...control, color: colors.fail, dashed: true }),
            ...specLines,
          ],
        },
      },
      {
        name: labels.outOfControl,
        type: 'scatter',
        // each flagged point carries the numbers of the rules it breaks ("2", "1,5"), drawn above it
        data: chart.points.flatMap((p, i) =>
          outOfControl.has(i) ? [{ value: [p.x, p.y], rules: (rulesAt.get(i) ?? []).join(',') }] : [],
        ),
        symbol: 'diamond',
        symbolSize: 16,
        itemStyle: { color: colors.fail, borderColor: colors.text, borderWidth: 1 },
        label: {
          show: true,
          position: 'top',
          distance: 8,
          color: colors.fail,
          fontWeight: 'bold',
          formatter: (item: { data: { rules: string } }) => item.data.rules,
        },
        z: 5,
      },
      {
        name: labels.excluded,
        type: 'scatter',
        data: excluded.map((mark) => ({
          value: mark.value,
          symbol: mark.symbol,
          reason: `${atValue(mark.measurement.value)} · ${mark.measurement.reason}`,
        })),
        symbolSize: 11,
        itemStyle: { color: 'transparent', borderColor: colors.muted, borderWidth: 2 },
        label: {
          show: true,
          position: 'right',
          color: colors.muted,
          formatter: (item: { data: { reason: string } }) => item.data.reason,
        },
        z: 4,
      },
    ],
  };
}

/** Histogram over the bin edges with the fitted normal curve and the specification limits. */
export function histogramOption(
  histogram: Histogram,
  subtask: SubtaskOption | undefined,
  labels: ChartLabels,
  colors: Colors,
): ChartOption {
  const centres = histogram.frequencies.map(
    (_f, i) => ((histogram.bins[i] ?? 0) + (histogram.bins[i + 1] ?? 0)) / 2,
  );
  const width = histogram.bins.length > 1 ? histogram.bins[1]! - histogram.bins[0]! : 1;
  const range = axisRange([...histogram.bins, subtask?.utl, subtask?.ltl]);
  const atValue = (value: number) => labels.format(value, chartDecimals(subtask).value);
  const spec = {
    axis: 'xAxis',
    labelAt: 'end',
    dashed: false,
    format: atValue,
    color: colors.fail,
  } as const;
  return {
    animation: false,
    textStyle: { color: colors.text },
    grid: { left: 60, right: 40, top: 50, bottom: 40 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, right: 10, textStyle: { color: colors.text } },
    xAxis: {
      type: 'value',
      min: range ? range.min - width / 2 : undefined,
      max: range ? range.max + width / 2 : undefined,
      axisLabel: { color: colors.muted, formatter: atValue, showMinLabel: false, showMaxLabel: false },
      // a value axis draws grid lines by default in ECharts' light grey, which glared on the dark theme
      splitLine: { lineStyle: { color: colors.border, opacity: 0.3 } },
    },
    yAxis: {
      type: 'value',
      name: labels.frequency,
      minInterval: 1,
      axisLabel: { color: colors.muted },
      splitLine: { lineStyle: { color: colors.border, opacity: 0.3 } },
    },
    series: [
      {
        name: labels.frequency,
        type: 'bar',
        data: centres.map((c, i) => [c, histogram.frequencies[i]]),
        barWidth: '95%',
        itemStyle: { color: colors.accent, opacity: 0.75 },
        markLine: {
          symbol: 'none',
          silent: true,
          precision: EXACT,
          data: [...limitLine(labels.lsl, subtask?.ltl, spec), ...limitLine(labels.usl, subtask?.utl, spec)],
        },
      },
      {
        name: labels.normalCurve,
        type: 'line',
        smooth: true,
        symbol: 'none',
        data: histogram.normal_curve_y.map((y, i) => [centres[i], y]),
        lineStyle: { color: colors.warning, width: 3 },
        itemStyle: { color: colors.warning },
      },
    ],
  };
}
