import { schemaCheck } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { frameExample, toolResponseSchema } from './tool-schemas.js';

const Quote = Type.Object(
  { symbol: Type.String(), price: Type.Number() },
  { examples: [{ symbol: 'BTC', price: 1 }] },
);

describe('toolResponseSchema examples', () => {
  it('gets the frame fields the route adds, so each example matches the response schema', () => {
    const flags: [boolean, boolean][] = [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ];
    for (const [testnetFlag, simulated] of flags) {
      const schema = toolResponseSchema(Quote, testnetFlag, simulated);
      expect(schema.examples).toHaveLength(1);
      expect(schemaCheck(schema)(schema.examples[0])).toBe(true);
      expect(Object.keys(schema.examples[0]).includes('testnet')).toBe(testnetFlag);
      expect(Object.keys(schema.examples[0]).includes('simulated')).toBe(simulated);
    }
  });

  it('frames the examples of a union on the union', () => {
    const union = Type.Union([Quote, Type.Object({ error: Type.String() })], {
      examples: [{ error: 'halted' }],
    });
    const schema = toolResponseSchema(union, true, true);
    expect(schema.examples).toEqual([
      { error: 'halted', data_timestamp: '2026-11-20T12:34:56.789Z', testnet: false, simulated: true },
    ]);
    expect(schemaCheck(schema)(schema.examples[0])).toBe(true);
  });

  it("keeps an example's own data_timestamp and testnet", () => {
    expect(
      frameExample({ price: 1, data_timestamp: '2026-01-02T03:04:05.000Z', testnet: true }, true, false),
    ).toEqual({ price: 1, data_timestamp: '2026-01-02T03:04:05.000Z', testnet: true });
  });
});
