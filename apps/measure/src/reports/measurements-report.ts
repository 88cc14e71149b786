/**
 * The measurements report: every selected measurement in a table grouped by task and subtask,
 * pass/warning/fail coloured, column headers repeated on each page, "Page n of m" and the
 * generation time in the footer. Rows are consumed from an (async) iterable one at a time and
 * pages are written as they fill, so a cursor over a million rows never sits in memory.
 */
import type { Writable } from 'node:stream';
import type { Verdict } from '../spc/index.js';
import { fixed, signed, valueDecimals } from './report-format.js';
import { loadLogo } from './report-logo.js';
import {
  COLOURS,
  CONTENT_WIDTH,
  createDocument,
  type Doc,
  drained,
  drawFacts,
  drawFooter,
  drawHeader,
  FOOTER_TOP,
  line,
  PAGE,
  streamTo,
  trimFontCaches,
} from './report-page.js';
import { countPages, Paginator, type TableGeometry } from './report-paginator.js';
import type { ReportLocale, ReportText } from './report-text.js';
import type { ReportFilter, ReportRecipe } from './spc-report.js';

/** One subtask's block in the table, in print order, with the number of rows that will follow. */
export interface MeasurementGroup {
  subtask_id: number;
  task_order: number;
  task_title: string;
  marker_number: number;
  description: string;
  nominal: number;
  ltl: number | null;
  lwl: number | null;
  uwl: number | null;
  utl: number | null;
  unit: string;
  count: number;
}

export interface MeasurementRow {
  subtask_id: number;
  measured_at: Date | string | number;
  value: number;
  deviation: number;
  pass_fail: Verdict;
  operator: string;
  lot_number: string | null;
  serial_number: string | null;
  /** The code of the gauge that took the value; null when none was recorded. */
  gauge?: string | null;
}

export interface MeasurementsReportData {
  logo: Buffer | null;
  recipe: ReportRecipe;
  filters: ReportFilter[];
  generated_at: Date;
  author: string;
  /** The requesting user's language and the time zone the stamps are written in. */
  locale: ReportLocale;
  /** Print order; rows must arrive in the same order, `count` rows per group. */
  groups: MeasurementGroup[];
}

const COLUMNS = [
  { title: () => '#', width: 30, align: 'right' },
  { title: (l: ReportLocale) => l.text.measuredAt, width: 96, align: 'left' },
  { title: (l: ReportLocale) => l.text.value, width: 56, align: 'right' },
  { title: (l: ReportLocale) => l.text.deviation, width: 56, align: 'right' },
  { title: (l: ReportLocale) => l.text.result, width: 60, align: 'center' },
  { title: (l: ReportLocale) => l.text.operator, width: 63, align: 'left' },
  { title: (l: ReportLocale) => l.text.gauge, width: 54, align: 'left' },
  { title: (l: ReportLocale) => l.text.lot, width: 50, align: 'left' },
  { title: (l: ReportLocale) => l.text.serial, width: 50, align: 'left' },
] as const;

const HEADER_BOTTOM = 106; // drawHeader's return value: logo band + rule
const FACT_ROWS = 3;
const COLUMN_HEADER = 16;
const RUNNING_HEADER = 24;

const GEOMETRY: TableGeometry = {
  firstBodyTop: HEADER_BOTTOM + 2 + FACT_ROWS * 13 + 4 + 6 + COLUMN_HEADER,
  bodyTop: PAGE.margin + RUNNING_HEADER + COLUMN_HEADER,
  bottom: FOOTER_TOP - 10,
  groupHeight: 29,
  rowHeight: 13,
};

const VERDICT_STYLE: Record<Verdict, { colour: string; fill: string }> = {
  pass: { colour: COLOURS.pass, fill: COLOURS.passFill },
  warning: { colour: COLOURS.warning, fill: COLOURS.warningFill },
  fail: { colour: COLOURS.fail, fill: COLOURS.failFill },
};

function drawColumnHeader(doc: Doc, y: number, locale: ReportLocale): void {
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, COLUMN_HEADER - 2).fill(COLOURS.accent);
  let x = PAGE.margin;
  for (const column of COLUMNS) {
    line(doc, column.title(locale), x + 4, y + 3.5, {
      width: column.width - 8,
      size: 8,
      bold: true,
      colour: '#ffffff',
      align: column.align,
    });
    x += column.width;
  }
}

function drawGroupHeader(
  doc: Doc,
  group: MeasurementGroup,
  continued: boolean,
  y: number,
  text: ReportText,
): void {
  const decimals = valueDecimals(group.unit, group);
  const limit = (v: number | null) => (v === null ? text.none : fixed(v, decimals));
  const unit = group.unit ? ` ${group.unit}` : '';
  const top = y + 3;
  doc.rect(PAGE.margin, top, CONTENT_WIDTH, GEOMETRY.groupHeight - 5).fill(COLOURS.band);
  const title = `${text.taskHeading(group.task_order + 1, group.task_title)} — #${group.marker_number} ${group.description}`;
  line(doc, continued ? text.continued(title) : title, PAGE.margin + 4, top + 3, {
    width: CONTENT_WIDTH - 80,
    size: 8,
    bold: true,
    colour: COLOURS.accent,
  });
  line(doc, `n = ${group.count}`, PAGE.margin + CONTENT_WIDTH - 76, top + 3, {
    width: 72,
    size: 8,
    bold: true,
    colour: COLOURS.accent,
    align: 'right',
  });
  const limits = text.limitsLine(
    `${fixed(group.nominal, decimals)}${unit}`,
    limit(group.ltl),
    limit(group.utl),
    limit(group.lwl),
    limit(group.uwl),
  );
  line(doc, limits, PAGE.margin + 4, top + 13, { width: CONTENT_WIDTH - 8, size: 7, colour: COLOURS.muted });
}

function drawRow(
  doc: Doc,
  row: MeasurementRow,
  number: number,
  decimals: number,
  y: number,
  locale: ReportLocale,
): void {
  const verdict = VERDICT_STYLE[row.pass_fail] ?? VERDICT_STYLE.fail;
  if (number % 2 === 0) doc.rect(PAGE.margin, y, CONTENT_WIDTH, GEOMETRY.rowHeight).fill('#f8fafc');
  const cells = [
    String(number),
    locale.stamp(row.measured_at, { seconds: true, bare: true }),
    fixed(row.value, decimals),
    signed(row.deviation, decimals),
    locale.text.verdicts[row.pass_fail] ?? locale.text.verdicts.fail,
    row.operator,
    row.gauge ?? '',
    row.lot_number ?? '',
    row.serial_number ?? '',
  ];
  let x = PAGE.margin;
  COLUMNS.forEach((column, i) => {
    if (i === 4) doc.rect(x + 2, y + 1, column.width - 4, GEOMETRY.rowHeight - 2).fill(verdict.fill);
    const coloured = i === 2 || i === 4;
    line(doc, cells[i] as string, x + 4, y + 2.5, {
      width: column.width - 8,
      size: 8,
      bold: i === 4,
      colour: coloured && row.pass_fail !== 'pass' ? verdict.colour : i === 4 ? verdict.colour : COLOURS.ink,
      align: column.align,
    });
    x += column.width;
  });
}

export class ReportRowsMismatchError extends Error {}

/**
 * Renders the report into `output`. Rows must follow `data.groups` in order with exactly `count`
 * rows each (read the counts and the rows in one transaction); otherwise the promise rejects with
 * ReportRowsMismatchError and `output` is destroyed, so no client receives a truncated PDF as if it
 * were complete.
 */
export async function renderMeasurementsReport(
  data: MeasurementsReportData,
  rows: AsyncIterable<MeasurementRow> | Iterable<MeasurementRow>,
  output: NodeJS.WritableStream,
): Promise<void> {
  const logo = await loadLogo(data.logo);
  const groups = data.groups.filter((group) => group.count > 0);
  const pages = countPages(
    groups.map((group) => group.count),
    GEOMETRY,
  );
  const { locale } = data;
  const { text, stamp } = locale;
  const doc = createDocument(text.measurementsDocument(data.recipe.code), data.author, false);
  const written = streamTo(doc, output);
  const footer = `${data.recipe.code} · ${text.measurementsFooter} · ${text.footerGenerated(stamp(data.generated_at), data.author)}`;
  const total = groups.reduce((sum, group) => sum + group.count, 0);

  drawHeader(doc, {
    title: text.measurementsTitle,
    subtitle: `${data.recipe.code} — ${data.recipe.name}`,
    logo,
    generated: text.generatedBy(stamp(data.generated_at), data.author),
  });
  drawFacts(
    doc,
    [
      [
        [
          text.recipe,
          `${data.recipe.code} — ${data.recipe.name}${data.recipe.version === null ? '' : text.versionSuffix(data.recipe.version)}`,
        ],
      ],
      [
        [
          text.filters,
          data.filters.length === 0
            ? text.none
            : data.filters.map((f) => `${text.filterLabels[f.label] ?? f.label}: ${f.value}`).join('; '),
        ],
      ],
      [[text.contents, text.contentsLine(total, groups.length, locale.timeZone)]],
    ],
    HEADER_BOTTOM + 2,
  );
  drawColumnHeader(doc, GEOMETRY.firstBodyTop - COLUMN_HEADER, locale);
  drawFooter(doc, footer, text.page(1, pages));
  if (groups.length === 0) {
    line(doc, text.noMeasurements, PAGE.margin, GEOMETRY.firstBodyTop + 10, {
      width: CONTENT_WIDTH,
      colour: COLOURS.muted,
    });
  }

  const paginator = new Paginator(GEOMETRY);
  const startPage = async (): Promise<void> => {
    await drained(output);
    if (paginator.page % 20 === 0) trimFontCaches(doc);
    doc.addPage();
    line(
      doc,
      `${text.measurementsTitle} — ${data.recipe.code} — ${data.recipe.name}`,
      PAGE.margin,
      PAGE.margin,
      {
        width: CONTENT_WIDTH,
        size: 9,
        bold: true,
        colour: COLOURS.accent,
      },
    );
    drawColumnHeader(doc, GEOMETRY.bodyTop - COLUMN_HEADER, locale);
    drawFooter(doc, footer, text.page(paginator.page, pages));
  };

  try {
    let groupIndex = -1;
    let group: MeasurementGroup | undefined;
    let decimals = 3;
    let seen = 0;
    const nextGroup = async (): Promise<void> => {
      if (group && seen !== group.count)
        throw new ReportRowsMismatchError(
          `subtask ${group.subtask_id}: ${seen} rows, ${group.count} declared`,
        );
      groupIndex += 1;
      group = groups[groupIndex];
      if (!group) return;
      seen = 0;
      decimals = valueDecimals(group.unit, group);
      const placement = paginator.placeGroup();
      if (placement.newPage) await startPage();
      drawGroupHeader(doc, group, false, paginator.y - GEOMETRY.groupHeight, text);
    };
    await nextGroup();
    for await (const row of rows) {
      while (group && seen === group.count) await nextGroup();
      if (!group || row.subtask_id !== group.subtask_id) {
        throw new ReportRowsMismatchError(`unexpected row for subtask ${row.subtask_id}`);
      }
      const placement = paginator.placeRow();
      if (placement.newPage) {
        await startPage();
        drawGroupHeader(doc, group, true, paginator.y - GEOMETRY.groupHeight - GEOMETRY.rowHeight, text);
      }
      seen += 1;
      drawRow(doc, row, seen, decimals, paginator.y - GEOMETRY.rowHeight, locale);
    }
    while (group) await nextGroup();
    if (paginator.page !== pages)
      throw new ReportRowsMismatchError(`laid out ${paginator.page} pages, planned ${pages}`);
  } catch (error) {
    doc.removeAllListeners('data');
    // destroyed without an error argument: the caller gets the rejection, the stream just closes
    (output as Partial<Writable>).destroy?.();
    throw error;
  }
  doc.end();
  await written;
}
