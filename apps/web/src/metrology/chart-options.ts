import type { ControlChart, Histogram, SubtaskOption } from '../api/types';
import type { ChartOption, themeColors } from './echart';

type Colors = ReturnType<typeof themeColors>;

export interface ChartLabels {
  value: string;
  ucl: string;
  lcl: string;
  center: string;
  usl: string;
  lsl: string;
  outOfControl: string;
  frequency: string;
  normalCurve: string;
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

function limitLine(
  name: string,
  value: number | null | undefined,
  color: string,
  dashed: boolean,
  axis: 'xAxis' | 'yAxis',
) {
  if (value === null || value === undefined || !Number.isFinite(value)) return [];
  return [
    {
      name,
      [axis]: value,
      lineStyle: { color, type: dashed ? 'dashed' : 'solid', width: 2 },
      label: { formatter: `${name} {c}`, color, position: axis === 'yAxis' ? 'insideEndTop' : 'end' },
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
  const range = axisRange([
    ...chart.points.map((p) => p.y),
    chart.ucl,
    chart.lcl,
    subtask?.utl,
    subtask?.ltl,
  ]);
  return {
    animation: false,
    textStyle: { color: colors.text },
    grid: { left: 70, right: 110, top: 30, bottom: 40 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { color: colors.muted }, splitLine: { show: false } },
    yAxis: {
      type: 'value',
      name: labels.value,
      min: range?.min,
      max: range?.max,
      axisLabel: { color: colors.muted },
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
          data: [
            ...limitLine(labels.ucl, chart.ucl, colors.fail, true, 'yAxis'),
            ...limitLine(labels.center, chart.center_line, colors.pass, false, 'yAxis'),
            ...limitLine(labels.lcl, chart.lcl, colors.fail, true, 'yAxis'),
            ...limitLine(labels.usl, subtask?.utl, colors.warning, false, 'yAxis'),
            ...limitLine(labels.lsl, subtask?.ltl, colors.warning, false, 'yAxis'),
          ],
        },
      },
      {
        name: labels.outOfControl,
        type: 'scatter',
        data: chart.points.filter((_p, i) => outOfControl.has(i)).map((p) => [p.x, p.y]),
        symbol: 'diamond',
        symbolSize: 16,
        itemStyle: { color: colors.fail, borderColor: colors.text, borderWidth: 1 },
        z: 5,
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
  return {
    animation: false,
    textStyle: { color: colors.text },
    grid: { left: 60, right: 40, top: 40, bottom: 40 },
    tooltip: { trigger: 'axis' },
    legend: { textStyle: { color: colors.text } },
    xAxis: {
      type: 'value',
      min: range ? range.min - width / 2 : undefined,
      max: range ? range.max + width / 2 : undefined,
      axisLabel: { color: colors.muted },
    },
    yAxis: {
      type: 'value',
      name: labels.frequency,
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
          data: [
            ...limitLine(labels.lsl, subtask?.ltl, colors.fail, false, 'xAxis'),
            ...limitLine(labels.usl, subtask?.utl, colors.fail, false, 'xAxis'),
          ],
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
