import { describe, expect, it } from 'vitest';
import { validateLimits } from './limits';

const ok = { ltl: 9.8, lwl: 9.9, nominal: 10, uwl: 10.1, utl: 10.2 };

describe('validateLimits', () => {
  it('accepts ordered limits and empty warning bands', () => {
    expect(validateLimits(ok)).toEqual({});
    expect(validateLimits({ ...ok, lwl: 9.8, uwl: 10.2 })).toEqual({});
    expect(validateLimits({ ltl: 5, lwl: 5, nominal: 5, uwl: 5, utl: 5 })).toEqual({});
  });

  it('names both fields of a pair out of order', () => {
    expect(validateLimits({ ...ok, uwl: 10.3 })).toEqual({ uwl: 'order', utl: 'order' });
    expect(validateLimits({ ...ok, lwl: 10.05 })).toEqual({ lwl: 'order', nominal: 'order' });
    expect(validateLimits({ ...ok, ltl: 9.95 })).toEqual({ ltl: 'order', lwl: 'order' });
  });

  it('requires every limit', () => {
    expect(validateLimits({ ...ok, utl: null })).toEqual({ utl: 'required' });
    expect(validateLimits({ ...ok, nominal: Number.NaN })).toEqual({ nominal: 'required' });
  });
});
