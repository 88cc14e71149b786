import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NonceSource } from '../../src/venues/hyperliquid/nonces.js';
import {
  canonicalDecimal,
  isValidPrice,
  isValidSize,
  roundPrice,
} from '../../src/venues/hyperliquid/wire-numbers.js';

const helpers = JSON.parse(
  readFileSync(new URL('../fixtures/perpdex-signing-vectors.json', import.meta.url), 'utf8'),
).number_helpers as { float_to_wire: { cases: { input: number; output: string }[] } };

describe('canonical wire numbers (notes §5)', () => {
  it.each(helpers.float_to_wire.cases.map((c) => [c.input, c.output] as const))(
    '%s → %s',
    (input, output) => {
      if (output === 'error') expect(() => canonicalDecimal(input)).toThrow();
      else expect(canonicalDecimal(input)).toBe(output);
    },
  );

  it('accepts 5 significant figures within 6 − szDecimals decimals, and any integer', () => {
    expect(isValidPrice(1234.5, 0)).toBe(true);
    expect(isValidPrice(1234.56, 0)).toBe(false);
    expect(isValidPrice(0.001234, 0)).toBe(true);
    expect(isValidPrice(0.0012345, 0)).toBe(false);
    expect(isValidPrice(0.01234, 1)).toBe(true);
    expect(isValidPrice(0.012345, 1)).toBe(false);
    expect(isValidPrice(123456, 5)).toBe(true);
    expect(isValidPrice(97123.5, 5)).toBe(false);
  });

  it('checks sizes against the lot', () => {
    expect(isValidSize(1.001, 3)).toBe(true);
    expect(isValidSize(1.0001, 3)).toBe(false);
    expect(isValidSize(0, 3)).toBe(false);
  });

  it('rounds a computed price to a valid one in the asked direction', () => {
    expect(roundPrice(3629.64, 4, 'down')).toBe(3629.6);
    expect(roundPrice(3629.64, 4, 'up')).toBe(3629.7);
    expect(roundPrice(101_976.3, 5, 'up')).toBe(101_977);
    expect(roundPrice(0.0123456, 1, 'down')).toBe(0.01234);
    for (const price of [3629.64, 0.0123456, 97_123.77, 1.23456789])
      expect(isValidPrice(roundPrice(price, 1, 'up'), 1)).toBe(true);
  });
});

describe('nonces (notes §10)', () => {
  it('are strictly increasing across concurrent calls in one millisecond', async () => {
    const source = new NonceSource(() => 1_700_000_000_000);
    const nonces = await Promise.all(Array.from({ length: 20 }, () => source.next()));
    expect(new Set(nonces).size).toBe(20);
    expect([...nonces].sort((a, b) => a - b)).toEqual(nonces);
  });

  it('follow the clock, so a source made after a restart starts above the old one', async () => {
    let now = 1_700_000_000_000;
    const before = new NonceSource(() => now);
    const last = Math.max(...(await Promise.all(Array.from({ length: 40 }, () => before.next()))));
    now += 1_000; // a restart takes longer than the lead a source may build up
    const after = new NonceSource(() => now);
    expect(await after.next()).toBeGreaterThan(last);
  });
});
