import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import {
  ALL_RULES,
  capability,
  controlChart,
  controlChartJsonChunks,
  histogram,
  parseRuleSet,
  seriesOf,
  summarize,
} from '../spc/index.js';
import {
  CapabilitySchema,
  ControlChartSchema,
  HistogramSchema,
  RulesQuery,
  SummarySchema,
} from './statistics.schema.js';

// Fastify's Ajv knows date-time; TypeBox's own checker needs it registered.
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set('date-time', (text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(text));
}

const limits = { nominal: 10, ltl: 9.9, lwl: 9.95, uwl: 10.05, utl: 10.1 };
const datasets = [[], [10.01], [10, 10, 10], [10.02, 9.98, 10.01, 10.03, 9.97, 10.0, 10.04, 9.99, 10.2]];

describe('statistics wire schemas match what the spc module returns', () => {
  it.each(datasets.map((values) => [values.length, values]))('for %i values', (_, values) => {
    const series = seriesOf(
      values,
      values.map((_v, i) => Date.UTC(2026, 10, 21, 8, i)),
    );
    expect(Value.Check(CapabilitySchema, capability(series, limits))).toBe(true);
    expect(Value.Check(CapabilitySchema, capability(series, { ...limits, ltl: null, lwl: null }))).toBe(true);
    expect(Value.Check(HistogramSchema, histogram(series))).toBe(true);
    const chart = controlChart(series, { rules: ALL_RULES, subgroupSize: 2 });
    const excluded = [
      {
        measurement_id: 7,
        value: 1200.2,
        measured_at: '2026-11-25T08:00:00.000Z',
        reason: 'Other',
        note: '',
        position: 0,
      },
    ];
    const versions = [
      {
        subtask_id: 1,
        version_id: 1,
        version_number: 1,
        start: 0,
        end: values.length,
        nominal: 10,
        ltl: 9,
        lwl: 9.5,
        uwl: 10.5,
        utl: 11,
      },
    ];
    const chunks = controlChartJsonChunks({ ...chart, versions, excluded, comments: [] }, series);
    const body = JSON.parse(Buffer.concat([...chunks]).toString('utf8'));
    expect(Value.Check(ControlChartSchema, body)).toBe(true);
    expect(Value.Check(SummarySchema, summarize({ pass: values.length, warning: 0, fail: 0 }))).toBe(true);
  });

  it('the rules query accepts exactly what parseRuleSet accepts', () => {
    const texts = ['1', '1,2,5,6', ' 6 , 1 ', 'all', 'ALL', '1,', '0', '9', '1;2', 'x', '', '1,,2'];
    for (const text of [...texts, 'nelson', 'Western_Electric', 'we', 'nelson,1']) {
      expect(Value.Check(RulesQuery, text)).toBe(parseRuleSet(text) !== null);
    }
  });
});
