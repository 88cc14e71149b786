import type { ControlChart } from '../api/types';

/**
 * A control-chart answer for the chart tests: what a test gives, the rest as the API answers a selection with
 * nothing in it (no limits, no rules flagged, no versions, exclusions or comments).
 */
export function testChart(fields: Partial<ControlChart>): ControlChart {
  const points = fields.points ?? [];
  return {
    points,
    n: points.length,
    center_line: null,
    ucl: null,
    lcl: null,
    mr_bar: null,
    sigma_within: null,
    out_of_control_indices: [],
    rule_set: 'nelson',
    rules: [1, 2, 3, 4, 5, 6, 7, 8],
    run_length: 9,
    rule_violations: {},
    violations: [],
    moving_range: { center_line: null, ucl: null, lcl: null, out_of_control_indices: [] },
    subgroups: null,
    versions: [],
    excluded: [],
    comments: [],
    ...fields,
  };
}
