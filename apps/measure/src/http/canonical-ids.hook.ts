import { unprocessable } from '@app/kit';
import type { preValidationAsyncHookHandler } from 'fastify';

/** A positive integer as its one decimal spelling: no sign, no leading zero, no spaces, no other base. */
const CANONICAL = /^[1-9][0-9]*$/;

interface ObjectSchema {
  properties?: Record<string, { type?: unknown }>;
}

/**
 * Path ids must be written as canonical decimal integers. The schema validator coerces text to
 * numbers the way `Number()` does, so `0x1`, `+1`, `01`, `%201` (" 1") and `1%0A` ("1\n") all named
 * id 1: one resource under many URLs, which defeats caches, logs and access rules keyed by URL. Every
 * integer-typed path parameter is checked on its text before validation; anything else is a 422.
 */
export const requireCanonicalIds: preValidationAsyncHookHandler = async (request) => {
  const schema = request.routeOptions.schema?.params as ObjectSchema | undefined;
  if (!schema?.properties) return;
  const params = request.params as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = params[name];
    if (property.type === 'integer' && typeof value === 'string' && !CANONICAL.test(value)) {
      throw unprocessable(`params.${name}: must be a positive integer written in decimal digits`);
    }
  }
};
