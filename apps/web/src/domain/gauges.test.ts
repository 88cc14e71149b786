import { describe, expect, it } from 'vitest';
import type { Gauge } from '../api/types';
import { finerThanResolution, gaugeByCode, gaugeProblem } from './gauges';

const gauge = (overrides: Partial<Gauge> = {}) =>
  ({
    id: 1,
    code: 'C-012',
    status: 'in_service',
    calibration_due: '2026-11-27',
    resolution: 0.01,
    ...overrides,
  }) as Gauge;

describe('station gauge rules', () => {
  it('takes readings through the due date and refuses from the next UTC day or out of service', () => {
    expect(gaugeProblem(gauge(), new Date('2026-11-27T23:59:59Z'))).toBeNull();
    expect(gaugeProblem(gauge(), new Date('2026-11-28T00:00:00Z'))).toBe('overdue');
    expect(gaugeProblem(gauge({ status: 'in_calibration' }), new Date('2026-11-01T00:00:00Z'))).toBe(
      'notInService',
    );
  });

  it('refuses more decimals than the resolution; 12.30 is 12.3 and passes at 0.01', () => {
    expect(finerThanResolution(12.345, 0.01)).toBe(true);
    expect(finerThanResolution(Number('12.30'), 0.01)).toBe(false);
    expect(finerThanResolution(12, 0.005)).toBe(false);
  });

  it('finds a scanned code exactly, else ignoring case and blanks', () => {
    const gauges = [gauge(), gauge({ id: 2, code: 'c-012' }), gauge({ id: 3, code: 'M-7' })];
    expect(gaugeByCode(gauges, 'c-012')?.id).toBe(2);
    expect(gaugeByCode(gauges, ' m-7\n')?.id).toBe(3);
    expect(gaugeByCode(gauges, 'X')).toBeUndefined();
  });
});
