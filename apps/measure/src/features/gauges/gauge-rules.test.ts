import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knownPeriods } from '../../db/migrations/0012-gauge-service-periods.migration.js';
import { finerThanResolution, type GaugeState, gaugeRefusal, serviceInterval } from './gauge-rules.js';

describe('finerThanResolution', () => {
  it('refuses a value with more decimals than the resolution and accepts the rest', () => {
    expect(finerThanResolution(12.345, 0.01)).toBe(true);
    expect(finerThanResolution(12.34, 0.01)).toBe(false);
    expect(finerThanResolution(12, 0.01)).toBe(false);
    expect(finerThanResolution(-0.005, 0.001)).toBe(false);
    expect(finerThanResolution(-0.0005, 0.001)).toBe(true);
    expect(finerThanResolution(1.234, 0.005)).toBe(false);
    expect(finerThanResolution(1.2345, 0.005)).toBe(true);
  });

  it('does not count trailing zeros (12.30 is the number 12.3) nor binary representation error', () => {
    expect(finerThanResolution(12.3, 0.01)).toBe(false);
    expect(finerThanResolution(Number('12.30'), 0.01)).toBe(false);
    expect(finerThanResolution(Number('12.300000'), 0.01)).toBe(false);
    // 0.1 + 0.2 is not 0.3 in binary: a client that sends the sum sends 17 decimals and is refused
    expect(finerThanResolution(0.1 + 0.2, 0.01)).toBe(true);
    expect(finerThanResolution(1e-7, 0.000001)).toBe(true);
    expect(finerThanResolution(2.5e-6, 0.000001)).toBe(true);
    expect(finerThanResolution(3e-6, 0.000001)).toBe(false);
  });

  it('accepts every reading printed at the resolution (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 4 }),
        (n, d) => {
          const resolution = Number((10 ** -d).toFixed(d));
          const reading = Number((n / 10 ** d).toFixed(d));
          expect(finerThanResolution(reading, resolution)).toBe(false);
        },
      ),
    );
  });
});

const gauge = (overrides: Partial<GaugeState> = {}): GaugeState => ({
  code: 'C-12',
  status: 'in_service',
  calibration_due: '2026-11-27',
  created_at: '2026-01-01T00:00:00.000Z',
  periods: [{ started_at: '2026-01-01T00:00:00.000Z', ended_at: null }],
  ...overrides,
});

describe('gaugeRefusal', () => {
  it('allows the due date itself and refuses from the next UTC day, naming both dates', () => {
    expect(gaugeRefusal(gauge(), '2026-11-27T23:59:59.999Z')).toBeNull();
    expect(gaugeRefusal(gauge(), '2026-11-28T00:00:00.000Z')).toBe(
      'gauge C-12 was past its calibration due date 2026-11-27 on 2026-11-28',
    );
  });

  it('judges service at the time of the reading: before leaving service is accepted, after is not', () => {
    const out = gauge({
      status: 'out_of_service',
      periods: [{ started_at: '2026-01-01T00:00:00.000Z', ended_at: '2026-11-20T10:00:00.000Z' }],
    });
    expect(gaugeRefusal(out, '2026-11-20T09:59:00.000Z')).toBeNull();
    expect(gaugeRefusal(out, '2026-11-20T10:00:00.000Z')).toBe(
      'gauge C-12 was not in service at 2026-11-20T10:00:00.000Z: out of service since ' +
        '2026-11-20T10:00:00.000Z (status now: out of service)',
    );
    expect(gaugeRefusal(out, '2025-12-31T00:00:00.000Z')).toMatch(
      /not in service .*registered only at 2026-01-01T00:00:00.000Z/,
    );
  });

  it('a gauge never in service takes nothing; one back in service takes readings of its periods only', () => {
    expect(gaugeRefusal(gauge({ status: 'in_calibration', periods: [] }), '2026-11-20T00:00:00Z')).toMatch(
      /not in service .*never in service/,
    );
    const back = gauge({
      periods: [
        { started_at: '2026-01-01T00:00:00.000Z', ended_at: '2026-11-20T00:00:00.000Z' },
        { started_at: '2026-11-22T00:00:00.000Z', ended_at: null },
      ],
    });
    expect(gaugeRefusal(back, '2026-11-19T12:00:00.000Z')).toBeNull();
    expect(gaugeRefusal(back, '2026-11-21T12:00:00.000Z')).toMatch(
      'out of service from 2026-11-20T00:00:00.000Z to 2026-11-22T00:00:00.000Z',
    );
    expect(gaugeRefusal(back, '2026-11-22T12:00:00.000Z')).toBeNull();
    // the hole of issue 46: before the gauge existed, even though it has been out and back since
    expect(gaugeRefusal(back, '2020-06-01T00:00:00.000Z')).toMatch(/registered only at/);
  });

  it('a gauge registered out of service is out from its registration until it first enters service', () => {
    const late = gauge({ periods: [{ started_at: '2026-03-01T00:00:00.000Z', ended_at: null }] });
    expect(gaugeRefusal(late, '2026-02-01T00:00:00.000Z')).toMatch(
      'out of service from 2026-01-01T00:00:00.000Z to 2026-03-01T00:00:00.000Z',
    );
  });
});

describe('knownPeriods (migration 0012)', () => {
  const base = { id: 1, created_at: 'A' };
  it('keeps the last period 0008 knew, and from registration to the last exit when the gauge came back', () => {
    expect(
      knownPeriods({ ...base, status: 'in_service', in_service_from: 'A', out_of_service_from: null }),
    ).toEqual([{ started_at: 'A', ended_at: null }]);
    expect(
      knownPeriods({ ...base, status: 'in_service', in_service_from: 'D', out_of_service_from: 'C' }),
    ).toEqual([
      { started_at: 'A', ended_at: 'C' },
      { started_at: 'D', ended_at: null },
    ]);
    expect(
      knownPeriods({ ...base, status: 'retired', in_service_from: 'B', out_of_service_from: 'C' }),
    ).toEqual([{ started_at: 'B', ended_at: 'C' }]);
    expect(
      knownPeriods({ ...base, status: 'out_of_service', in_service_from: null, out_of_service_from: null }),
    ).toEqual([]);
  });
});

describe('serviceInterval', () => {
  const inService = { status: 'in_service', in_service_from: 'A', out_of_service_from: null };
  it('closes the interval when the gauge leaves service and opens one when it returns', () => {
    const out = serviceInterval(inService, 'out_of_service', 'B');
    expect(out).toEqual({ in_service_from: 'A', out_of_service_from: 'B' });
    expect(serviceInterval({ status: 'out_of_service', ...out }, 'retired', 'C')).toEqual(out);
    expect(serviceInterval({ status: 'out_of_service', ...out }, 'in_service', 'D')).toEqual({
      in_service_from: 'D',
      out_of_service_from: 'B',
    });
    expect(serviceInterval(inService, 'in_service', 'E')).toEqual({
      in_service_from: 'A',
      out_of_service_from: null,
    });
  });
});
