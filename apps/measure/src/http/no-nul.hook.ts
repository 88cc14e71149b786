import { unprocessable } from '@app/kit';
import type { preValidationAsyncHookHandler } from 'fastify';

/** Path of the first string holding U+0000, or null. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\0')}`;
    const found = findNul(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 (the insert would fail as a 500) and
 * SQLite tools truncate at it; no field of this API has a use for it, so it
 * is refused up front with a 422 naming the field, on both dialects alike.
 */
export const rejectNulCharacters: preValidationAsyncHookHandler = async (request) => {
  const found =
    findNul(request.body, 'body') ??
    findNul(request.query, 'querystring') ??
    findNul(request.params, 'params');
  if (found) throw unprocessable(`${found}: must not contain NUL characters`);
};
