import { describe, expect, it } from 'vitest';
import { joinChain } from './chain.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const EXPIRY = Date.UTC(2026, 11, 25, 8);

const instrument = (name: string, strike: number, type: string, extra: Record<string, unknown> = {}) => ({
  instrument_name: name,
  kind: 'option',
  strike,
  option_type: type,
  expiration_timestamp: EXPIRY,
  is_active: true,
  ...extra,
});
const summary = (name: string, extra: Record<string, unknown> = {}) => ({
  instrument_name: name,
  mark_iv: 50,
  underlying_price: 98_000,
  open_interest: 12.5,
  volume: 3,
  mark_price: 0.05,
  bid_price: 0.049,
  ask_price: null,
  ...extra,
});

describe('the ChainSnapshot join', () => {
  it('joins by name, keeps what greeks need, and leaves out what cannot be priced', () => {
    const chain = joinChain(
      'BTC',
      [
        instrument('A-C', 100_000, 'call'),
        instrument('B-P', 90_000, 'put'),
        instrument('C-inactive', 90_000, 'put', { is_active: false }),
        instrument('D-expired', 90_000, 'put', { expiration_timestamp: NOW - 1 }),
        instrument('E-no-iv', 90_000, 'put'),
        instrument('F-no-summary', 90_000, 'call'),
        { instrument_name: 'BTC-PERPETUAL', kind: 'future', expiration_timestamp: EXPIRY },
      ],
      [
        summary('A-C'),
        summary('B-P', { open_interest: null, volume: 7 }),
        summary('C-inactive'),
        summary('D-expired'),
        summary('E-no-iv', { mark_iv: 0 }),
      ],
      97_500,
      NOW,
    );
    expect(chain.names).toEqual(['A-C', 'B-P']);
    expect([...chain.isCall]).toEqual([1, 0]);
    expect([...chain.vol]).toEqual([0.5, 0.5]);
    expect([...chain.openInterest]).toEqual([12.5, 0]);
    expect([...chain.volume]).toEqual([3, 7]);
    expect(chain.years[0]).toBeCloseTo((EXPIRY - NOW) / (365 * 86_400_000), 15);
    expect(chain.bid[0]).toBe(0.049);
    expect(chain.ask[0]).toBeNaN();
    expect(chain.spot).toBe(97_500);
  });
});
