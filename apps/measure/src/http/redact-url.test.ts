import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

const KEY = 'mk_3q2-7wB0cVx9_hYdKq0T5mXo1Jr4sNfLpA8uZeGkCiE';

describe('redactUrl', () => {
  it('leaves URLs without secrets as they are', () => {
    expect(redactUrl('/api/measurements?subtask_id=3&page=2')).toBe('/api/measurements?subtask_id=3&page=2');
    expect(redactUrl('/api/recipes/12')).toBe('/api/recipes/12');
    expect(redactUrl('/api/recipes?')).toBe('/api/recipes?');
  });

  it.each([
    ['api_key', `/api/auth/me?api_key=${KEY}`, '/api/auth/me?api_key=[redacted]'],
    ['key', '/api/x?key=hunter2&page=1', '/api/x?key=[redacted]&page=1'],
    ['token', '/api/x?page=1&token=abc', '/api/x?page=1&token=[redacted]'],
    ['password', '/api/x?password=p%40ss', '/api/x?password=[redacted]'],
    [
      'upper case and encoded names',
      '/api/x?API%5FKEY=1&Access-Token=2',
      '/api/x?API%5FKEY=[redacted]&Access-Token=[redacted]',
    ],
    ['a repeated name', '/api/x?token=a&token=b', '/api/x?token=[redacted]&token=[redacted]'],
    ['a name without a value', '/api/x?password', '/api/x?password=[redacted]'],
  ])('redacts %s', (_name, url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it("redacts the service's keys under any name, percent-encoded too, and in the path", () => {
    expect(redactUrl(`/api/x?q=${KEY}`)).toBe('/api/x?q=[redacted]');
    expect(redactUrl(`/api/x?q=${encodeURIComponent(KEY).replace('_', '%5F')}`)).toBe('/api/x?q=[redacted]');
    expect(redactUrl(`/api/files/${KEY}/x.png?a=1`)).toBe('/api/files/[redacted]/x.png?a=1');
  });

  it('copes with broken percent-encoding', () => {
    expect(redactUrl('/api/x?%E0%A4%A=1&token=%ZZ')).toBe('/api/x?%E0%A4%A=1&token=[redacted]');
  });
});
