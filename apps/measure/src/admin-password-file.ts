import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Beside the database in DATA_DIR, like Jenkins' `secrets/initialAdminPassword`. */
export const ADMIN_PASSWORD_FILE = 'initial-admin-password';

/**
 * Writes a generated administrator password to DATA_DIR/initial-admin-password, readable by the
 * service's user only (0600), and returns the file's path for the console message. Stdout carries
 * the JSON log, which log shippers collect and where a password scrolls away among request lines, so
 * the secret itself never goes there. Called before the admin row is committed: a crash in between
 * leaves a file with an unused password, which the next first start replaces; the other order
 * could leave an administrator whose password exists nowhere.
 */
export async function writeAdminPasswordFile(dataDir: string, password: string): Promise<string> {
  const file = path.resolve(dataDir, ADMIN_PASSWORD_FILE);
  // A left-over file may have other permissions; the mode below only applies to a file being created.
  await unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}
