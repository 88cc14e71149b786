import { createHash } from 'node:crypto';
import { AppError } from '@app/kit';

/** 1–255 printable ASCII characters (space to tilde), as the GUIDE gives it. */
const KEY = /^[\x20-\x7e]{1,255}$/;

/**
 * The Idempotency-Key header of a write, or undefined when the caller sent none. A key that is empty, too long
 * or holds anything but printable ASCII is refused with 400 IDEMPOTENCY_KEY_INVALID like the other header
 * errors (X-Bot-Tag, X-Deadline-Ms): the body may be fine, the header is not. Two headers are refused too,
 * since either reading of them could name the wrong write.
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header) || !KEY.test(header)) {
    throw new AppError(
      400,
      'IDEMPOTENCY_KEY_INVALID',
      'Idempotency-Key must be one header of 1–255 printable ASCII characters',
    );
  }
  return header;
}

/** JSON with object keys sorted at every depth, so `{a,b}` and `{b,a}` are one body. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What "the same body" means for a key: SHA-256 of the tool and its validated input (defaults applied, unknown
 * fields removed) in canonical JSON. The tool is part of it, so a key reused on another tool is a reuse.
 */
export function requestFingerprint(tool: string, input: unknown): string {
  return createHash('sha256').update(tool).update('\0').update(canonicalJson(input)).digest('base64url');
}
