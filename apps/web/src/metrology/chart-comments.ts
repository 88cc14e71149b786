/**
 * The control chart's tooltip: the point's number, value and time, and the comments a metrologist wrote on
 * it (or on an excluded point drawn just before it), so a remark travels with the point it explains.
 */
import type { ChartComment, ControlChart } from '../api/types';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function commentTooltip(
  chart: ControlChart,
  atValue: (value: number) => string,
  formatTime: (iso: string) => string,
) {
  const byPosition = new Map<number, ChartComment[]>();
  for (const comment of chart.comments) {
    const list = byPosition.get(comment.position) ?? [];
    list.push(comment);
    byPosition.set(comment.position, list);
  }
  return {
    trigger: 'axis' as const,
    formatter: (params: { seriesIndex: number; data: unknown; dataIndex: number }[]) => {
      const point = params.find((p) => p.seriesIndex === 0);
      if (!point) return '';
      const at = chart.points[point.dataIndex];
      if (!at) return '';
      // numbered from 1, as the violations list and the PDF number observations
      // The API sends null for a point whose stored time it could not read: show the value without a time.
      const time = at.timestamp === null ? '' : ` · ${escapeHtml(formatTime(at.timestamp))}`;
      const lines = [`#${at.x + 1}: <b>${escapeHtml(atValue(at.y))}</b>${time}`];
      for (const comment of byPosition.get(at.x) ?? []) {
        lines.push(`💬 ${escapeHtml(comment.text)} <i>— ${escapeHtml(comment.author)}</i>`);
      }
      return `<div data-testid="chart-tooltip" style="max-width:360px;white-space:normal">${lines.join('<br/>')}</div>`;
    },
  };
}
