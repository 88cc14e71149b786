import type { ControlChart } from '../api/types';
import { type ChartLabels, chartDecimals, EXACT, limitLine } from './chart-options';
import type { ChartOption, themeColors } from './echart';

type Colors = ReturnType<typeof themeColors>;

/**
 * Moving ranges |xᵢ − xᵢ₋₁| at the I chart's point numbers (from 1): the server answers their centre,
 * limits and flagged points; the ranges themselves follow from the points it sent, so the response does
 * not carry a second array as long as the first.
 */
export function movingRanges(chart: ControlChart): [number, number][] {
  return chart.points.slice(1).map((p, i) => [p.x, Math.abs(p.y - (chart.points[i] as { y: number }).y)]);
}

/** Moving-range chart drawn under the I chart, on the same x positions. */
export function movingRangeOption(
  chart: ControlChart,
  subtask: Parameters<typeof chartDecimals>[0],
  labels: ChartLabels,
  colors: Colors,
): ChartOption {
  const mr = chart.moving_range;
  const ranges = movingRanges(chart);
  const flagged = new Set(mr.out_of_control_indices);
  const decimals = chartDecimals(subtask).statistic;
  const control = {
    axis: 'yAxis',
    labelAt: 'end',
    format: (v: number) => labels.format(v, decimals),
  } as const;
  const top = Math.max(mr.ucl ?? 0, ...ranges.map(([, r]) => r));
  return {
    animation: false,
    textStyle: { color: colors.text },
    grid: { left: 70, right: 30, top: 20, bottom: 30 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'value',
      min: (extent: { min: number }) => extent.min - 1.5,
      max: (extent: { max: number }) => extent.max + 0.5,
      minInterval: 1,
      axisLabel: { color: colors.muted, showMinLabel: false, showMaxLabel: false },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: labels.movingRange,
      min: 0,
      max: top > 0 ? top * 1.1 : 1,
      axisLabel: { color: colors.muted, formatter: control.format, showMaxLabel: false },
      splitLine: { lineStyle: { color: colors.border, opacity: 0.3 } },
    },
    series: [
      {
        name: labels.movingRange,
        type: 'line',
        data: ranges,
        symbol: 'circle',
        symbolSize: 6,
        lineStyle: { color: colors.accent },
        itemStyle: { color: colors.accent },
        markLine: {
          symbol: 'none',
          silent: true,
          precision: EXACT,
          data: [
            ...limitLine(labels.ucl, mr.ucl, { ...control, color: colors.fail, dashed: true }),
            ...limitLine(labels.center, mr.center_line, { ...control, color: colors.pass, dashed: false }),
          ],
        },
      },
      {
        name: labels.outOfControl,
        type: 'scatter',
        data: ranges.filter(([x]) => flagged.has(x)),
        symbol: 'diamond',
        symbolSize: 14,
        itemStyle: { color: colors.fail, borderColor: colors.text, borderWidth: 1 },
        z: 5,
      },
    ],
  };
}
