/** What the control chart draws besides the series: excluded points and recipe-version boundaries. */
import type { ExcludedPoint, VersionSegment } from '../api/types';
import type { ChartLabels, Colors } from './chart-options';

/**
 * Where an excluded point is drawn: half a step before the counted point that follows it in SPC order (x is
 * the series' index, which no longer holds it; the API says where it falls), at its value, or pinned to the
 * axis edge with a triangle when it lies off the scale (a 1200.2 typed for 120.02 must not squash the chart
 * it was taken out of; its label still says 1200.2).
 */
export function excludedMarks(excluded: ExcludedPoint[], range: { min: number; max: number } | null) {
  return excluded.map((point) => {
    const above = range !== null && point.value > range.max;
    const below = range !== null && point.value < range.min;
    const y = above ? (range?.max as number) : below ? (range?.min as number) : point.value;
    return {
      value: [point.position - 0.5, y],
      measurement: point,
      symbol: above ? 'triangle' : below ? 'path://M0,0 L10,0 L5,10 Z' : 'circle',
    };
  });
}

/**
 * A chart spanning recipe versions: a vertical line where each later version's points begin, labelled
 * with its number, and the specification limits drawn over each version's own points (a limit changed in
 * version 5 steps there), instead of the selected subtask's limits across the whole chart.
 */
export function versionMarks(
  versions: VersionSegment[],
  labels: Pick<ChartLabels, 'usl' | 'lsl' | 'version'>,
  format: (value: number) => string,
  colors: Pick<Colors, 'muted' | 'warning'>,
) {
  const shown = versions.filter((version) => version.end > version.start);
  const boundaries = shown.slice(1).map((version) => ({
    name: labels.version(version.version_number),
    xAxis: version.start - 0.5,
    lineStyle: { color: colors.muted, type: 'dotted', width: 1 },
    label: { formatter: labels.version(version.version_number), color: colors.muted, position: 'end' },
  }));
  const spec = (name: string, value: number, version: VersionSegment) => [
    {
      name,
      coord: [version.start - 0.5, value],
      lineStyle: { color: colors.warning, type: 'solid', width: 2 },
      label: { formatter: `${name} ${format(value)}`, color: colors.warning, position: 'insideStartTop' },
    },
    { coord: [version.end - 0.5, value] },
  ];
  const limits = shown.flatMap((version) => [
    spec(labels.usl, version.utl, version),
    spec(labels.lsl, version.ltl, version),
  ]);
  return { boundaries, limits, spans: shown.length > 1 };
}
