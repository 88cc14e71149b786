import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberedName, resolveInside, sanitizeFileName } from './upload-paths.js';

describe('resolveInside', () => {
  const root = '/data/uploads';

  it('resolves clean relative paths inside the root', () => {
    expect(resolveInside(root, 'general/a.png')).toBe('/data/uploads/general/a.png');
    expect(resolveInside(root, '7/2/thumbnails/a_1.png')).toBe('/data/uploads/7/2/thumbnails/a_1.png');
  });

  it.each([
    '',
    '..',
    '../x',
    'a/../../x',
    '/etc/passwd',
    'a\\..\\b',
    'a\0b',
    'a//b',
    './a',
    '.tmp/x',
    'a/ b',
    'a/%2e',
  ])('refuses %j with 403', (relative) => {
    expect(() => resolveInside(root, relative)).toThrow(expect.objectContaining({ status: 403 }));
  });
});

describe('resolveInside, whatever the input', () => {
  it('either refuses with 403 or returns a path strictly inside the root', () => {
    const root = '/data/uploads';
    const pieces = fc.constantFrom('..', '.', '/', '\\', '%2e', '\0', 'a', 'general', '.tmp', '', ' ', '~');
    const input = fc.oneof(
      fc.string(),
      fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(input, (relative) => {
        let resolved: string;
        try {
          resolved = resolveInside(root, relative);
        } catch (error) {
          expect(error).toMatchObject({ status: 403 });
          return;
        }
        expect(resolved.startsWith(`${root}/`)).toBe(true);
        expect(path.relative(root, resolved).split(path.sep)).not.toContain('..');
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('sanitizeFileName', () => {
  it('always yields a name of the safe alphabet, at most 255 characters, not starting with a dot', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 120, unit: 'binary' }), (name) => {
        const safe = sanitizeFileName(name, ['png']);
        expect(safe).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._-]*\.png$/);
        expect(safe.length).toBeLessThanOrEqual(255);
      }),
    );
  });

  it.each([
    ['photo.png', ['png'], 'photo.png'],
    ['My Photo (1).PNG', ['png'], 'My_Photo_1_.png'],
    ['photo.jpeg', ['jpg', 'jpeg'], 'photo.jpeg'],
    ['photo', ['jpg', 'jpeg'], 'photo.jpg'],
    ['photo.exe', ['pdf'], 'photo.pdf'],
    ['...', ['pdf'], 'file.pdf'],
    ['--rf.pdf', ['pdf'], 'rf.pdf'],
    ['café.pdf', ['pdf'], 'cafe.pdf'],
    ['a.b.c.pdf', ['pdf'], 'a.b.c.pdf'],
  ])('%j → %j', (input, extensions, expected) => {
    expect(sanitizeFileName(input, extensions)).toBe(expected);
  });

  it('rejects empty and over-long names with 400', () => {
    expect(() => sanitizeFileName('', ['pdf'])).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => sanitizeFileName('a'.repeat(256), ['pdf'])).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(sanitizeFileName(`${'a'.repeat(251)}.pdf`, ['pdf']).length).toBeLessThanOrEqual(255);
  });
});

describe('numberedName', () => {
  it('numbers before the extension', () => {
    expect(numberedName('a.png', 0)).toBe('a.png');
    expect(numberedName('a.png', 2)).toBe('a_2.png');
    expect(numberedName('a', 1)).toBe('a_1');
  });
});
