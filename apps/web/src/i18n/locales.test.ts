import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en } from './en';

function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value as object, path)) out.set(k, v);
  }
  return out;
}

const english = leaves(en);
const german = leaves(de);

describe('locales', () => {
  it('have exactly the same keys in English and German', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('use the same placeholders in both languages, so no value goes missing in translation', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const [key, text] of english)
      expect([key, placeholders(german.get(key) ?? '')]).toEqual([key, placeholders(text)]);
  });

  it('have no empty strings', () => {
    for (const [key, text] of [...english, ...german])
      expect([key, text.trim().length > 0]).toEqual([key, true]);
  });
});
