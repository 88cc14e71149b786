import { isUtf8 } from 'node:buffer';
import { AppError } from '@app/kit';
import type { FastifyRequest } from 'fastify';

const BOT_TAG_MAX_LENGTH = 64;

/** The common tag, plain printable ASCII within the limit, needs no decoding. */
const PLAIN_TAG = new RegExp(`^[\\x20-\\x7e]{1,${BOT_TAG_MAX_LENGTH}}$`);
// C0 controls, DEL and C1 controls: they would forge or break log lines. Other letters and signs are welcome.
const CONTROL = /\p{Cc}/u;

const invalid = (message: string) => new AppError(400, 'BOT_TAG_INVALID', message);

/**
 * An X-Bot-Tag header value as the text its sender meant: 1–64 printable characters (code points), else 400.
 * Node hands header values over as latin1, one character per byte, so a UTF-8 tag (`müller`) arrives as its
 * bytes (`mÃ¼ller`); those bytes are decoded as UTF-8, and a value that is not UTF-8 is refused rather than
 * logged and audited as something the bot never sent.
 */
export function parseBotTag(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  if (value === undefined || value.trim() === '') {
    throw new AppError(400, 'BOT_TAG_MISSING', 'X-Bot-Tag header is required on /mcp* calls');
  }
  if (PLAIN_TAG.test(value)) return value;
  const bytes = Buffer.from(value, 'latin1');
  if (!isUtf8(bytes)) throw invalid('X-Bot-Tag must be UTF-8 text');
  const tag = bytes.toString('utf8');
  if ([...tag].length > BOT_TAG_MAX_LENGTH) {
    throw invalid(`X-Bot-Tag must be at most ${BOT_TAG_MAX_LENGTH} characters`);
  }
  if (CONTROL.test(tag)) throw invalid('X-Bot-Tag must not contain control characters');
  return tag;
}

/** The X-Bot-Tag of a `/mcp*` call (parseBotTag). */
export const botTagOf = (request: FastifyRequest): string => parseBotTag(request.headers['x-bot-tag']);
