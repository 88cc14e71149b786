import type { Database } from '../db/database.js';
import { DiskFileStore } from './disk-file-store.js';
import type { FileStore } from './file-store.js';
import { PgFileStore } from './pg-file-store.js';

/**
 * PostgreSQL keeps the uploads when the service runs on it (several instances may share it); SQLite,
 * a single instance by nature, keeps them under DATA_DIR/uploads.
 */
export function createFileStore(dataDir: string, database: Database): FileStore {
  return database.dialect === 'postgres' ? new PgFileStore(dataDir, database.db) : new DiskFileStore(dataDir);
}
