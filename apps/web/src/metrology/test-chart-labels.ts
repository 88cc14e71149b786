import type { ChartLabels } from './chart-options';

/** Plain chart labels for the chart-option tests: short, language-free, numbers as toFixed. */
export const TEST_CHART_LABELS: ChartLabels = {
  format: (v: number, decimals: number) => v.toFixed(decimals),
  value: 'v',
  ucl: 'UCL',
  lcl: 'LCL',
  center: 'CL',
  usl: 'USL',
  lsl: 'LSL',
  outOfControl: 'OOC',
  frequency: 'f',
  normalCurve: 'n',
  movingRange: 'MR',
  excluded: 'X',
  time: (iso: string) => iso,
  version: (n: number) => `v${n}`,
};
