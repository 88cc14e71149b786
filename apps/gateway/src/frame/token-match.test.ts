import { describe, expect, it } from 'vitest';
import { tokenMatcher } from './token-match.js';

describe('tokenMatcher', () => {
  it('names the token that matches, and nothing for anything else', () => {
    const match = tokenMatcher({ testnet: 'alpha-token', mainnet: 'beta-token' });
    expect(match('alpha-token')).toBe('testnet');
    expect(match('beta-token')).toBe('mainnet');
    expect(match('alpha-token ')).toBeUndefined();
    expect(match('')).toBeUndefined();
  });

  it('does not match a prefix, an extension or a repetition of a token', () => {
    const match = tokenMatcher({ testnet: 'alpha-token', mainnet: 'beta-token' });
    expect(match('alpha-toke')).toBeUndefined();
    expect(match('alpha-tokens')).toBeUndefined();
    expect(match('alpha-tokenalpha-token')).toBeUndefined();
    expect(match('Alpha-token')).toBeUndefined();
    expect(match('beta-token\u0000')).toBeUndefined();
  });

  it('never matches an unset or empty token', () => {
    const match = tokenMatcher({ testnet: undefined, mainnet: '' });
    expect(match('')).toBeUndefined();
    expect(match('undefined')).toBeUndefined();
  });
});
