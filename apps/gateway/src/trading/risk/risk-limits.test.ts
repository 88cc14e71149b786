import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { globMatcher, parseLimits, RiskLimits, readLimitsFile } from './risk-limits.js';

describe('the risk limits file', () => {
  it('reads YAML and JSON alike', () => {
    const yaml = parseLimits('test:\n  defaults:\n    max_order_notional: 1000\n', 'limits.yaml');
    const json = parseLimits('{"test": {"defaults": {"max_order_notional": 1000}}}', 'limits.json');
    expect(yaml).toEqual(json);
    expect(yaml.test?.defaults?.max_order_notional).toBe(1000);
  });

  it('names the line and field of a wrong value, an unknown field and a syntax error', () => {
    const text = [
      'test:',
      '  defaults:',
      '    max_order_notional: 1000',
      '  bots:',
      '    grid-*:',
      '      orders_per_minute: -3',
    ].join('\n');
    expect(() => parseLimits(text, 'l.yaml')).toThrow(
      /^RISK_LIMITS_FILE l\.yaml:6: test\.bots\.grid-\*\.orders_per_minute: /,
    );
    expect(() => parseLimits('live:\n  defaults:\n    max_oder_notional: 5\n', 'l.yaml')).toThrow(
      /^RISK_LIMITS_FILE l\.yaml:3: live\.defaults\.max_oder_notional: Unexpected property/,
    );
    expect(() => parseLimits('{"test": {"defaults": {"dry_run": "yes"}}}', 'l.json')).toThrow(
      /^RISK_LIMITS_FILE l\.json:1: test\.defaults\.dry_run: /,
    );
    expect(() => parseLimits('test:\n  defaults: [\n', 'l.yaml')).toThrow(/^RISK_LIMITS_FILE l\.yaml:\d+: /);
    expect(() => parseLimits('staging: {}\n', 'l.yaml')).toThrow(/l\.yaml:1: staging: Unexpected property/);
  });

  it('lays a bot’s rule over the defaults: an exact tag before any glob, globs in file order', () => {
    const limits = new RiskLimits(
      parseLimits(
        [
          'test:',
          '  defaults: { max_order_notional: 1000, orders_per_minute: 60 }',
          '  bots:',
          '    "grid-*": { orders_per_minute: 10 }',
          '    "grid-b?c": { dry_run: true }',
          '    grid-btc: { max_order_notional: 50 }',
          'live:',
          '  defaults: { dry_run: true }',
        ].join('\n'),
        'l.yaml',
      ),
    );
    expect(limits.forBot('test', 'grid-btc')).toEqual({
      limits: { max_order_notional: 50, orders_per_minute: 60 },
      rule: 'grid-btc',
    });
    expect(limits.forBot('test', 'grid-bxc')).toEqual({
      limits: { max_order_notional: 1000, orders_per_minute: 10 },
      rule: 'grid-*',
    });
    expect(limits.forBot('test', 'arb')).toEqual({
      limits: { max_order_notional: 1000, orders_per_minute: 60 },
      rule: null,
    });
    expect(limits.forBot('live', 'grid-btc')).toEqual({ limits: { dry_run: true }, rule: null });
  });

  it('ships a file for npm start that is valid and makes nothing dry', () => {
    const shipped = readLimitsFile(fileURLToPath(new URL('../../../risk-limits.yaml', import.meta.url)));
    const limits = new RiskLimits(shipped);
    for (const environment of ['test', 'live'] as const)
      expect(limits.forBot(environment, 'any-bot').limits.dry_run).toBeUndefined();
    expect(JSON.stringify(shipped)).not.toContain('dry_run');
  });

  it('matches globs on the whole tag, everything but * and ? literal', () => {
    expect(globMatcher('a.b*')('a.bcd')).toBe(true);
    expect(globMatcher('a.b*')('axbcd')).toBe(false);
    expect(globMatcher('a?c')('abc')).toBe(true);
    expect(globMatcher('a?c')('abbc')).toBe(false);
    expect(globMatcher('(x)')('(x)')).toBe(true);
  });
});
