import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@app/kit/testing';
import { buildApp } from '../../apps/measure/src/app.js';
import { loadConfig } from '../../apps/measure/src/config.js';
import { openDatabase } from '../../apps/measure/src/db/database.js';

/**
 * The measurement service's OpenAPI document exactly as GET /api/openapi.json serves it with the default
 * configuration, built in process: no server, no network, no database content (building the routes reads
 * nothing from the database; an empty SQLite file in a temporary directory satisfies buildApp).
 */
export async function measureOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'measure-openapi-'));
  try {
    // An explicit environment, never process.env: the document must not depend on the shell that made it.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = openDatabase({ dataDir });
    const app = await buildApp({ config, logger: silentLogger(), database, webRoot: null });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
