/**
 * Page furniture shared by both reports: A4 geometry, colours, the header with logo and title,
 * key/value blocks and the footer. All text is placed explicitly with lineBreak off so pdfkit never
 * starts a page on its own; the reports decide every page break.
 */
import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import { reportFonts } from './report-fonts.js';

export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const FOOTER_TOP = PAGE.height - PAGE.margin + 12;

export const COLOURS = {
  ink: '#1f2933',
  muted: '#616e7c',
  rule: '#cbd2d9',
  band: '#f0f4f8',
  accent: '#1f4e79',
  data: '#2d6cb5',
  control: '#c62828',
  center: '#2e7d32',
  spec: '#e65100',
  pass: '#2e7d32',
  passFill: '#e8f5e9',
  warning: '#8d6e00',
  warningFill: '#fff8e1',
  fail: '#c62828',
  failFill: '#ffebee',
} as const;

export type Doc = PDFKit.PDFDocument;

/** A new A4 document with the report fonts registered as 'body' and 'bold'. */
export function createDocument(title: string, author: string, bufferPages: boolean): Doc {
  const fonts = reportFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, bottom: 0, left: PAGE.margin, right: PAGE.margin },
    bufferPages,
    autoFirstPage: true,
    info: { Title: fonts.text(title), Author: fonts.text(author), Creator: 'Measurement service' },
  });
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.font('body');
  return doc;
}

/** Advance width per character at 1 pt, per document and font: measuring text without shaping it. */
const advanceCache = new WeakMap<Doc, Map<string, number>>();

/**
 * Width of `text` as the sum of its characters' advances (kerning ignored: at most a fraction of a
 * point on table text). Shaping a string with fontkit only to measure it doubles the cost of every
 * table cell, since pdfkit shapes it again to draw it.
 */
function measure(doc: Doc, text: string, font: string, size: number): number {
  let advances = advanceCache.get(doc);
  if (!advances) {
    advances = new Map();
    advanceCache.set(doc, advances);
  }
  let width = 0;
  for (const char of text) {
    const key = `${font}\u0000${char}`;
    let advance = advances.get(key);
    if (advance === undefined) {
      advance = doc.widthOfString(char) / size;
      advances.set(key, advance);
    }
    width += advance;
  }
  return width * size;
}

/** The longest prefix of `text` that fits `width` with an ellipsis appended (binary search on characters). */
function clipToWidth(doc: Doc, text: string, width: number): string {
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${chars.slice(0, middle).join('')}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}

/**
 * Single-line text, clipped with an ellipsis to `width`; never wraps, never breaks the page.
 * Aligned and clipped here rather than by pdfkit's line wrapper, which is several times slower and
 * dominates a table of a hundred thousand rows.
 */
export function line(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  options: {
    width: number;
    size?: number;
    bold?: boolean;
    colour?: string;
    align?: 'left' | 'right' | 'center';
  },
): void {
  const font = options.bold ? 'bold' : 'body';
  const size = options.size ?? 9;
  doc
    .font(font)
    .fontSize(size)
    .fillColor(options.colour ?? COLOURS.ink);
  let shown = reportFonts().text(text);
  let width = measure(doc, shown, font, size);
  if (width > options.width) {
    shown = clipToWidth(doc, shown, options.width);
    width = doc.widthOfString(shown);
  }
  const align = options.align ?? 'left';
  const left =
    align === 'right' ? x + options.width - width : align === 'center' ? x + (options.width - width) / 2 : x;
  doc.text(shown, left, y, { lineBreak: false });
}

/** Wrapped small print inside a fixed box (at most `height` tall, clipped with an ellipsis). */
export function paragraph(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
  size = 6.5,
): void {
  doc
    .font('body')
    .fontSize(size)
    .fillColor(COLOURS.muted)
    .text(reportFonts().text(text), x, y, { width, height, ellipsis: true });
}

export interface HeaderInfo {
  title: string;
  subtitle: string;
  logo: Buffer | null;
  /** "Generated 2026-11-21 09:05 Europe/Berlin by …", in the reader's language. */
  generated: string;
}

/** The report header: logo left, title and generation stamp right, a rule below. Returns the next y. */
export function drawHeader(doc: Doc, header: HeaderInfo): number {
  const top = PAGE.margin;
  const logoBox = { width: 140, height: 48 };
  if (header.logo) {
    try {
      doc.image(header.logo, PAGE.margin, top, { fit: [logoBox.width, logoBox.height], valign: 'center' });
    } catch {
      // a corrupt image must not cost the customer the report
    }
  }
  const textX = PAGE.margin + logoBox.width + 16;
  const textWidth = CONTENT_WIDTH - logoBox.width - 16;
  line(doc, header.title, textX, top + 2, {
    width: textWidth,
    size: 16,
    bold: true,
    colour: COLOURS.accent,
    align: 'right',
  });
  line(doc, header.subtitle, textX, top + 23, {
    width: textWidth,
    size: 10,
    colour: COLOURS.ink,
    align: 'right',
  });
  line(doc, header.generated, textX, top + 38, {
    width: textWidth,
    size: 8,
    colour: COLOURS.muted,
    align: 'right',
  });
  const ruleY = top + logoBox.height + 8;
  doc
    .moveTo(PAGE.margin, ruleY)
    .lineTo(PAGE.width - PAGE.margin, ruleY)
    .lineWidth(1)
    .strokeColor(COLOURS.accent)
    .stroke();
  return ruleY + 10;
}

/** A section title with a thin rule. Returns the next y. */
export function drawSectionTitle(doc: Doc, title: string, y: number): number {
  line(doc, title, PAGE.margin, y, { width: CONTENT_WIDTH, size: 11, bold: true, colour: COLOURS.accent });
  const ruleY = y + 15;
  doc
    .moveTo(PAGE.margin, ruleY)
    .lineTo(PAGE.width - PAGE.margin, ruleY)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  return ruleY + 6;
}

/** Rows of one (full width) or two label/value pairs, one line each. Returns the next y. */
export function drawFacts(doc: Doc, rows: [string, string][][], y: number, labelWidth = 78): number {
  const rowHeight = 13;
  rows.forEach((row, r) => {
    const columnWidth = CONTENT_WIDTH / row.length;
    row.forEach(([label, value], c) => {
      const x = PAGE.margin + c * columnWidth;
      const rowY = y + r * rowHeight;
      line(doc, label, x, rowY, { width: labelWidth - 4, size: 8, colour: COLOURS.muted });
      line(doc, value, x + labelWidth, rowY, { width: columnWidth - labelWidth - 8, size: 9 });
    });
  });
  return y + rows.length * rowHeight + 4;
}

/** Footer: generation stamp left, "Page n of m" right. */
export function drawFooter(doc: Doc, left: string, pageText: string): void {
  doc
    .moveTo(PAGE.margin, FOOTER_TOP - 4)
    .lineTo(PAGE.width - PAGE.margin, FOOTER_TOP - 4)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  line(doc, left, PAGE.margin, FOOTER_TOP, { width: CONTENT_WIDTH * 0.7, size: 7.5, colour: COLOURS.muted });
  line(doc, pageText, PAGE.margin + CONTENT_WIDTH * 0.7, FOOTER_TOP, {
    width: CONTENT_WIDTH * 0.3,
    size: 7.5,
    colour: COLOURS.muted,
    align: 'right',
  });
}

const BLOCK_BYTES = 64 * 1024;

/**
 * Connects the document to `output` in blocks of about 64 KiB. pdfkit emits one small chunk per PDF
 * object; handed to a file or socket one by one, they cost a system call each and make a long
 * report wait on I/O far longer than it takes to draw. Resolves when every byte has been written.
 */
export function streamTo(doc: Doc, output: NodeJS.WritableStream): Promise<void> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    output.write(pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  doc.on('data', (chunk: Buffer) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= BLOCK_BYTES) flush();
  });
  return new Promise((resolve, reject) => {
    doc.once('end', () => {
      flush();
      output.end();
    });
    output.once('finish', () => resolve());
    output.once('error', reject);
    doc.once('error', reject);
  });
}

/**
 * pdfkit caches the glyph layout of every distinct word for the life of the document; a table of
 * timestamps, values and serial numbers makes that cache grow with every row (hundreds of MB and
 * ever slower garbage collection over 100,000 rows). Emptying it at each page keeps the words a page
 * repeats and bounds the memory (the measurements report does it every 20 pages). pdfkit has no
 * public hook for this, hence the guarded access.
 */
export function trimFontCaches(doc: Doc): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: unknown }> })
    ._fontFamilies;
  if (!families) return;
  for (const font of Object.values(families)) {
    if (font.layoutCache && typeof font.layoutCache === 'object') font.layoutCache = Object.create(null);
  }
}

/** Waits while `output` asks the writer to back off (call between pages). */
export async function drained(output: NodeJS.WritableStream): Promise<void> {
  if ((output as { writableNeedDrain?: boolean }).writableNeedDrain) await once(output, 'drain');
}
