import { writeAdminPasswordFile } from './admin-password-file.js';
import { type BootstrapResult, bootstrap } from './bootstrap.js';
import type { MeasureConfig } from './config.js';
import { type Database, migrate, openDatabase } from './db/database.js';

export interface PreparedDatabase {
  database: Database;
  bootstrap: BootstrapResult;
}

/** Opens the configured database, runs the migrations and the first-start data; main.ts and tests share it. */
export async function prepareDatabase(
  config: Pick<MeasureConfig, 'DATA_DIR' | 'DATABASE_URL' | 'ADMIN_USERNAME' | 'ADMIN_PASSWORD'>,
  pgSchema?: string,
): Promise<PreparedDatabase> {
  const database = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, pgSchema });
  try {
    await migrate(database);
    const result = await bootstrap(database, {
      adminUsername: config.ADMIN_USERNAME,
      adminPassword: config.ADMIN_PASSWORD,
      saveGeneratedPassword: (password) => writeAdminPasswordFile(config.DATA_DIR, password),
    });
    return { database, bootstrap: result };
  } catch (error) {
    await database.destroy();
    throw error;
  }
}
