import { describe, expect, it } from 'vitest';
import { lastMadeFrom } from './same-inputs.js';

describe('lastMadeFrom', () => {
  it('gives the last value back while every input is the same object, and makes a new one otherwise', () => {
    const made = lastMadeFrom<{ n: number }>();
    const a = {};
    const b = {};
    let makes = 0;
    const make = () => ({ n: ++makes });
    const first = made([a, b], make);
    expect(made([a, b], make)).toBe(first);
    expect(made([a, {}], make)).not.toBe(first);
    expect(made([a], make).n).toBe(3);
    expect(made([a], make).n).toBe(3);
    expect(made([b], make).n).toBe(4);
  });
});
