import { describe, expect, it } from 'vitest';
import { capabilityLight } from './capability-light.js';

describe('capabilityLight', () => {
  it('is green only when both indices reach 1.33 and no rule is violated', () => {
    expect(capabilityLight(1.33, 1.5, 0)).toBe('green');
    expect(capabilityLight(1.33, 1.5, 1)).toBe('yellow');
  });

  it('judges by the worse of Cpk and Ppk', () => {
    expect(capabilityLight(2, 1.329, 0)).toBe('yellow');
    expect(capabilityLight(1.5, 0.99, 0)).toBe('red');
    expect(capabilityLight(1.0, 1.2, 0)).toBe('yellow');
  });

  it('is red below 1.00 whatever the rules say, and none without any index', () => {
    expect(capabilityLight(-0.18, -0.2, 0)).toBe('red');
    expect(capabilityLight(null, null, 3)).toBe('none');
    expect(capabilityLight(null, 1.4, 0)).toBe('green');
  });
});
