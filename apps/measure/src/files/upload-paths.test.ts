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

describe('sanitizeFileName', () => {
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
