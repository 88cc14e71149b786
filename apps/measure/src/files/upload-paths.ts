import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { badRequest, forbidden } from '@app/kit';

/** Longest accepted client filename (spec Limits), and the longest name we store. */
export const MAX_FILENAME_LENGTH = 255;

/**
 * Every stored path segment matches this: sanitised names never start with a dot, so `..`, hidden
 * files and the upload temp folder can never be named by a caller.
 */
const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_PATH_LENGTH = 1024;

/**
 * Turns a caller's relative path into an absolute path inside `root`, or throws 403. The segment
 * rule already excludes `..`, absolute paths, backslashes, NUL bytes and percent-decoded tricks;
 * the resolve-and-compare check below is a second, independent guard in case that rule ever changes.
 */
export function resolveInside(root: string, relative: string): string {
  const absolute = path.resolve(root, ...checkedSegments(relative));
  if (!isInside(root, absolute)) throw forbidden('Path escapes the upload directory');
  return absolute;
}

/**
 * The segments of a caller's relative path when every one follows the stored-name alphabet, else 403.
 * The PostgreSQL store, which has no directories to escape, applies exactly this rule to its keys.
 */
export function checkedSegments(relative: string): string[] {
  if (relative.length === 0 || relative.length > MAX_PATH_LENGTH) throw forbidden('Invalid file path');
  const segments = relative.split('/');
  if (!segments.every((segment) => SAFE_SEGMENT.test(segment))) {
    throw forbidden('Path escapes the upload directory or contains forbidden characters');
  }
  return segments;
}

/**
 * The same check after symlinks are resolved, so a link planted inside the upload folder cannot
 * point the service at a file outside it. Missing files fail with the usual ENOENT.
 */
export async function realPathInside(root: string, absolute: string): Promise<string> {
  const [realRoot, real] = await Promise.all([realpath(root), realpath(absolute)]);
  if (!isInside(realRoot, real)) throw forbidden('Path escapes the upload directory');
  return real;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Splits `name.ext` into base and lower-case extension (without the dot). */
export function splitExtension(name: string): { base: string; ext: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { base: name, ext: '' };
  return { base: name.slice(0, dot), ext: name.slice(dot + 1).toLowerCase() };
}

/**
 * The stored name for an upload: only [A-Za-z0-9._-], no leading dots or hyphens, and the
 * extension the detected content type calls for (a PNG named `photo.exe` is stored as
 * `photo.png`), so the name on disk never lies about the content.
 */
export function sanitizeFileName(original: string, extensions: readonly string[]): string {
  if (original.length === 0) throw badRequest('The uploaded file has no name');
  if (original.length > MAX_FILENAME_LENGTH) {
    throw badRequest(`Filename is longer than ${MAX_FILENAME_LENGTH} characters`);
  }
  const cleaned = original
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[.-]+/, '');
  const { base, ext } = splitExtension(cleaned);
  const keptExt = extensions.includes(ext) ? ext : extensions[0];
  // Leave room for the `_NNN` de-duplication suffix and the extension.
  const safeBase = (base.replace(/[.]+$/, '') || 'file').slice(0, MAX_FILENAME_LENGTH - 16);
  return keptExt ? `${safeBase}.${keptExt}` : safeBase;
}

/** `name.png`, then `name_1.png`, `name_2.png`, ... */
export function numberedName(name: string, n: number): string {
  if (n === 0) return name;
  const { base, ext } = splitExtension(name);
  return ext ? `${base}_${n}.${ext}` : `${base}_${n}`;
}
