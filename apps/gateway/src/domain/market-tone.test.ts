import { describe, expect, it } from 'vitest';
import { riskTone, volatilityRegime } from './market-tone.js';

describe('market tone', () => {
  it('reads the VIX regime at its bounds: 15, 20 and 30 start the next band', () => {
    expect([14.99, 15, 19.99, 20, 29.99, 30].map(volatilityRegime)).toEqual([
      'calm',
      'normal',
      'normal',
      'elevated',
      'elevated',
      'stressed',
    ]);
  });
  it('calls risk on, risk off and mixed from the S&P and VIX changes', () => {
    expect(riskTone(0.31, -0.1)).toBe('risk_on');
    expect(riskTone(0.3, -5)).toBe('mixed'); // not above +0.3 %
    expect(riskTone(-0.31, 5.01)).toBe('risk_off');
    expect(riskTone(-1, 5)).toBe('mixed'); // VIX not above +5 %
    expect(riskTone(null, 3)).toBeNull();
  });
});
