import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A RISK_LIMITS_FILE with this text, in a fresh temp folder. */
export function limitsFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'risk-limits-')), 'limits.yaml');
  writeFileSync(file, text);
  return file;
}
