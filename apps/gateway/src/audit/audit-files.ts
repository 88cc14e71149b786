import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A rotated file is `<current>.<YYYY-MM-DD>` (the UTC day of its records), `.N` added if a day rotated twice. */
export interface AuditFile {
  path: string;
  /** Null for the current file. */
  day: string | null;
  sequence: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function rotatedName(current: string, day: string, sequence: number): string {
  return sequence === 0 ? `${current}.${day}` : `${current}.${day}.${sequence}`;
}

/** The current file (if present) and every rotated file, newest first. Only names of this exact shape are read. */
export async function listAuditFiles(current: string): Promise<AuditFile[]> {
  const dir = dirname(current);
  const base = basename(current);
  const pattern = new RegExp(`^${escapeRegExp(base)}\\.(\\d{4}-\\d{2}-\\d{2})(?:\\.(\\d{1,4}))?$`);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const rotated: AuditFile[] = [];
  let hasCurrent = false;
  for (const name of names) {
    if (name === base) hasCurrent = true;
    const match = pattern.exec(name);
    if (match?.[1]) rotated.push({ path: join(dir, name), day: match[1], sequence: Number(match[2] ?? 0) });
  }
  rotated.sort((a, b) => (b.day ?? '').localeCompare(a.day ?? '') || b.sequence - a.sequence);
  return hasCurrent ? [{ path: current, day: null, sequence: 0 }, ...rotated] : rotated;
}

/** UTC calendar day of an epoch-ms instant. */
export const utcDay = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 10);

/** The UTC day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000);
}
