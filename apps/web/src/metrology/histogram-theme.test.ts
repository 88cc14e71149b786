import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { histogramOption } from './chart-options';
import { TEST_CHART_LABELS } from './test-chart-labels';

/** The dark theme's colours as styles.css defines them (the block under [data-theme="dark"]). */
function darkTheme() {
  const css = readFileSync(join(import.meta.dirname, '../styles.css'), 'utf8');
  const block = /\[data-theme=["']?dark["']?\]\s*{([^}]*)}/.exec(css)?.[1] ?? '';
  const read = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(block)?.[1]?.trim() ?? '';
  return {
    text: read('text'),
    muted: read('muted'),
    border: read('border'),
    accent: read('accent'),
    fail: read('fail'),
    warning: read('warning'),
    pass: read('pass'),
  };
}

const labels = TEST_CHART_LABELS;

describe('histogram in the dark theme', () => {
  it('draws its grid lines in the theme’s border colour on both axes, not ECharts’ light grey', () => {
    const colors = darkTheme();
    expect(colors.border).toMatch(/^#/);
    const option = histogramOption(
      {
        bins: [9.8, 9.9, 10, 10.1],
        frequencies: [1, 3, 1],
        n: 5,
        normal_curve_y: [0.5, 2.5, 0.5],
        normal_curve_within_y: [0.5, 2.5, 0.5],
      },
      undefined,
      labels,
      colors,
    ) as { xAxis: { splitLine: { lineStyle: { color: string } } }; yAxis: typeof option.xAxis };
    expect(option.xAxis.splitLine.lineStyle.color).toBe(colors.border);
    expect(option.yAxis.splitLine.lineStyle.color).toBe(colors.border);
  });
});
