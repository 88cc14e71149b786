import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEB_API_TYPES_FILE, WEB_API_TYPES_PATH, webApiTypes } from './api-types/web-api-types.js';

/**
 * The web client types its API calls from the committed apps/web/src/api/openapi.d.ts. A route schema changed
 * without regenerating it would let the client compile against a server that no longer exists: fail instead.
 */
describe(WEB_API_TYPES_FILE, () => {
  it('is what the measurement service’s OpenAPI document generates today', async () => {
    const committed = readFileSync(WEB_API_TYPES_PATH, 'utf8');
    const current = await webApiTypes();
    expect(
      current,
      `${WEB_API_TYPES_FILE} differs from the server's /api/openapi.json: run \`npm run api-types\` and commit the result`,
    ).toBe(committed);
    // Builds the whole app, loads the TypeScript compiler and runs biome: slow beside the full suite.
  }, 120_000);
});
