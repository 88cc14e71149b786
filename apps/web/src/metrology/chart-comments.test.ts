import { describe, expect, it } from 'vitest';
import { commentTooltip } from './chart-comments';
import { testChart } from './test-chart';

const chart = testChart({
  points: [10, 10.2, 9.9].map((y, x) => ({ x, y, timestamp: `2026-03-01T0${x}:00:00.000Z` })),
  ucl: 11,
  lcl: 9,
  center_line: 10,
  out_of_control_indices: [],
  comments: [
    {
      measurement_id: 7,
      position: 1,
      text: 'tool <changed> & checked',
      author: 'Mia',
      created_at: '2026-03-02T00:00:00.000Z',
    },
  ],
});

const tooltip = commentTooltip(
  chart,
  (value) => value.toFixed(2),
  (iso) => iso.slice(11, 16),
);
const at = (dataIndex: number) => tooltip.formatter([{ seriesIndex: 0, dataIndex, data: null }]);

describe('the control chart tooltip', () => {
  it('shows the comment written on the hovered point, with its author, as text', () => {
    const html = at(1);
    expect(html).toContain('#2: <b>10.20</b> · 01:00');
    expect(html).toContain('tool &#60;changed&#62; &#38; checked');
    expect(html).toContain('Mia');
    expect(html).not.toContain('<changed>');
  });

  it('shows no comment on the other points', () => {
    expect(at(0)).toContain('#1: <b>10.00</b>');
    expect(at(0)).not.toContain('changed');
    expect(at(2)).not.toContain('changed');
  });

  it('shows the value without a time when the API sends none for the point', () => {
    const untimed = testChart({ points: [{ x: 0, y: 9.9, timestamp: null }] });
    const html = commentTooltip(
      untimed,
      (value) => value.toFixed(2),
      () => 'never called',
    ).formatter([{ seriesIndex: 0, dataIndex: 0, data: null }]);
    expect(html).toContain('#1: <b>9.90</b></div>');
    expect(html).not.toContain('never called');
  });
});
