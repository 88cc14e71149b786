import { describe, expect, it } from 'vitest';
import { checkLeverageCap } from './leverage-cap.js';

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error as { status: number; code: string; details: Record<string, unknown> };
  }
  return undefined;
};

describe('checkLeverageCap', () => {
  it('allows an order up to the cap, inclusive', () => {
    expect(
      refusal(() =>
        checkLeverageCap('optx', 3, { equity: 1000, current_notional: 1000, added_notional: 2000 }),
      ),
    ).toBeUndefined();
  });

  it('refuses an order above the cap with 422 LEVERAGE_CAP_EXCEEDED and the numbers', () => {
    const error = refusal(() =>
      checkLeverageCap('perpdex', 3, { equity: 1000, current_notional: 1000, added_notional: 2001 }),
    );
    expect(error).toMatchObject({ status: 422, code: 'LEVERAGE_CAP_EXCEEDED' });
    expect(error?.details).toMatchObject({ risk_check: 'leverage_cap', cap: 3, resulting_leverage: 3.001 });
  });

  it('always allows an order that reduces exposure, even above the cap', () => {
    expect(
      refusal(() =>
        checkLeverageCap('optx', 2, { equity: 100, current_notional: 1000, added_notional: -500 }),
      ),
    ).toBeUndefined();
    expect(
      refusal(() => checkLeverageCap('optx', 2, { equity: 0, current_notional: 0, added_notional: 0 })),
    ).toBeUndefined();
  });

  it('refuses any added exposure on an account without positive equity', () => {
    const error = refusal(() =>
      checkLeverageCap('broker', 2, { equity: -5, current_notional: 0, added_notional: 1 }),
    );
    expect(error).toMatchObject({ code: 'LEVERAGE_CAP_EXCEEDED' });
    expect(error?.details.resulting_leverage).toBeNull();
  });

  it('refuses to decide on non-finite input', () => {
    expect(
      refusal(() =>
        checkLeverageCap('optx', 2, { equity: Number.NaN, current_notional: 0, added_notional: 1 }),
      ),
    ).toMatchObject({ status: 500 });
  });
});
