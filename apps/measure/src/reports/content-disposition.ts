/**
 * Content-Disposition for report downloads, safe for any recipe code: an ASCII `filename="…"`
 * fallback with every risky character replaced, plus the exact name as RFC 5987/6266
 * `filename*=UTF-8''…` (percent-encoded, so quotes, CR/LF, semicolons and non-ASCII cannot break
 * the header or inject another field).
 */
import { foldLatin } from './ascii-fold.js';

/** Longest base name kept; the spec caps file names at 255 characters. */
const MAX_BASE = 150;

/** Characters no file system or browser should see in a download name, plus control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|;,]/g;

/** The Unicode name: unsafe characters → "_", whitespace collapsed, no leading dots, bounded. */
function cleanName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(UNSAFE_IN_NAME, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return [...cleaned].slice(0, MAX_BASE).join('');
}

/** ASCII fallback: accents stripped, anything outside [A-Za-z0-9._-] → "_", runs collapsed. */
function asciiName(name: string): string {
  return foldLatin(name)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_.]+|_+$/g, '');
}

/** RFC 5987 attr-char encoding: encodeURIComponent leaves ' ( ) * ! which must be escaped too. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment; filename="<ascii>.pdf"; filename*=UTF-8''<utf8>.pdf` for a base name (no extension). */
export function contentDisposition(baseName: string, extension = 'pdf'): string {
  const unicode = cleanName(baseName) || 'report';
  const ascii = asciiName(unicode) || 'report';
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeRfc5987(unicode)}.${extension}`;
}

/** Base name of the SPC report: `SPC_<recipe code>_<subtask marker>`. */
export const spcReportName = (recipeCode: string, markerNumber: number): string =>
  `SPC_${recipeCode}_${markerNumber}`;

/** Base name of the measurements report: `Measurements_<recipe code>`. */
export const measurementsReportName = (recipeCode: string): string => `Measurements_${recipeCode}`;

/** Base name of the gage R&R report: `GageRR_<recipe code>_<subtask marker>_<study id>`. */
export const gageReportName = (recipeCode: string, markerNumber: number, studyId: number): string =>
  `GageRR_${recipeCode}_${markerNumber}_${studyId}`;
