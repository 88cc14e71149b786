import { describe, expect, it } from 'vitest';
import { parseBotTag } from './bot-tag.js';

/** A header value as Node hands it over: `text`'s UTF-8 bytes, one latin1 character each. */
const onTheWire = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

const refusal = (raw: string | undefined) => {
  try {
    parseBotTag(raw);
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'accepted';
};

describe('parseBotTag', () => {
  it('gives back the text that was sent, decoded from UTF-8', () => {
    for (const tag of ['bot-1', 'müller', '€', '日本', 'trader 🤖', 'x'.repeat(64), 'ü'.repeat(64)]) {
      expect(parseBotTag(onTheWire(tag))).toBe(tag);
    }
  });

  it('counts characters, not bytes or UTF-16 units: 64 is the limit', () => {
    expect(parseBotTag(onTheWire('ü'.repeat(33)))).toBe('ü'.repeat(33));
    expect(parseBotTag(onTheWire('🤖'.repeat(64)))).toBe('🤖'.repeat(64));
    for (const tag of ['x'.repeat(65), 'ü'.repeat(65), '日'.repeat(65), '🤖'.repeat(65)]) {
      expect(refusal(onTheWire(tag))).toBe('BOT_TAG_INVALID');
    }
  });

  it('refuses control characters: C0, DEL and C1', () => {
    for (const tag of ['a\tb', 'a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u009fb']) {
      expect(refusal(onTheWire(tag)), JSON.stringify(tag)).toBe('BOT_TAG_INVALID');
    }
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(refusal('m\u00fcller')).toBe('BOT_TAG_INVALID'); // latin1 ü: a lone 0xFC
    expect(refusal('\u00c3')).toBe('BOT_TAG_INVALID'); // a truncated sequence
    expect(refusal('\u00ed\u00a0\u0080')).toBe('BOT_TAG_INVALID'); // an encoded surrogate
  });

  it('asks for a missing or blank tag', () => {
    expect(refusal(undefined)).toBe('BOT_TAG_MISSING');
    expect(refusal('')).toBe('BOT_TAG_MISSING');
    expect(refusal('   ')).toBe('BOT_TAG_MISSING');
  });
});
