import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([
  LineChart,
  BarChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

/**
 * The chart element carries its ECharts instance: a canvas cannot be read back, so the browser tests
 * read what was drawn (the rendered shapes, convertToPixel) from the instance itself.
 */
export interface ChartElement extends HTMLDivElement {
  echartsInstance?: echarts.ECharts;
}

/** Colours of the current theme, read from the CSS variables so the charts follow light and dark. */
export function themeColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    text: read('--text'),
    muted: read('--muted'),
    border: read('--border'),
    accent: read('--accent'),
    fail: read('--fail'),
    warning: read('--warning'),
    pass: read('--pass'),
  };
}

/** `dataCount` is mirrored into data-count: a canvas cannot be read back, so browser tests check what is drawn there. */
export function EChart({
  option,
  label,
  testId,
  dataCount,
}: {
  option: ChartOption;
  label: string;
  testId?: string;
  dataCount?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!ref.current) return;
    const element: ChartElement = ref.current;
    const instance = echarts.init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    element.echartsInstance = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
      element.echartsInstance = undefined;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={ref}
      className="chart"
      role="img"
      aria-label={label}
      data-testid={testId}
      data-count={dataCount}
    />
  );
}
