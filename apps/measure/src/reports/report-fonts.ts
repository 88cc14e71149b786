/**
 * Fonts for reports. Recipe names and descriptions may hold any script, and the 14 standard PDF
 * fonts only know WinAnsi (no Č, Ł, Greek, Cyrillic). So a Unicode TrueType font is embedded
 * (subset) when one is installed — DejaVu Sans ships with fontconfig on Debian, which poppler and
 * most servers pull in — and otherwise Helvetica is used with text folded to what WinAnsi can show.
 */
import { existsSync } from 'node:fs';
import { foldLatin } from './ascii-fold.js';

export interface ReportFonts {
  regular: string;
  bold: string;
  /** Text as the chosen font can render it. */
  text: (value: string) => string;
}

/** Well-known install paths of DejaVu Sans / Liberation Sans (Debian, Ubuntu, Fedora, Alpine). */
const CANDIDATES: [string, string][] = [
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  ['/usr/share/fonts/dejavu/DejaVuSans.ttf', '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf'],
  [
    '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf',
    '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf',
  ],
  [
    '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  ],
];

/** WinAnsi (cp1252) printable characters beyond Latin-1 that Helvetica can still show. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Folds text for Helvetica: strips accents it cannot show, replaces other characters by '?'. */
export function foldToWinAnsi(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) as number;
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) {
      out += char;
      continue;
    }
    if (code < 0x20 || code === 0x7f) {
      out += ' ';
      continue;
    }
    const folded = foldLatin(char);
    out += /^[\x20-\x7e]+$/.test(folded) ? folded : '?';
  }
  return out;
}

/** Control characters would print as boxes (or break a line) in either font. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const withoutControls = (value: string): string => value.replace(/[\u0000-\u001f\u007f]/g, ' ');

let cached: ReportFonts | undefined;

/** The fonts reports use on this machine (looked up once). */
export function reportFonts(): ReportFonts {
  if (cached) return cached;
  const found = CANDIDATES.find(([regular, bold]) => existsSync(regular) && existsSync(bold));
  cached = found
    ? { regular: found[0], bold: found[1], text: withoutControls }
    : { regular: 'Helvetica', bold: 'Helvetica-Bold', text: (value) => foldToWinAnsi(value) };
  return cached;
}
