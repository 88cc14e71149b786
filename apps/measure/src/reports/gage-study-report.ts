/**
 * The gage R&R report: the study, both ANOVA tables as Minitab prints them, the variance components with
 * %contribution, %study variation and %tolerance, ndc and the AIAG verdict. Numbers come computed
 * (spc/gage-rr.ts); this module only lays them out, with the same rounding as the web page
 * (docs/statistics.md, "Gage R&R").
 */
import type { GageStudyResult } from '../features/gage-studies/gage-studies.schema.js';
import { fixed } from './report-format.js';
import { loadLogo } from './report-logo.js';
import {
  COLOURS,
  CONTENT_WIDTH,
  createDocument,
  type Doc,
  drawFacts,
  drawFooter,
  drawHeader,
  drawSectionTitle,
  line,
  PAGE,
  streamTo,
} from './report-page.js';
import { reportLocale } from './report-text.js';

export interface GageReportData {
  /** The stored company logo's bytes (PNG, JPEG as they are; SVG/WebP/GIF rasterised), or null. */
  logo: Buffer | null;
  generated_at: Date;
  author: string;
  result: GageStudyResult;
}

/** Six significant digits for sums of squares, mean squares, variances and deviations (as Minitab shows them). */
export const significant = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : String(Number(value.toPrecision(6)));
const pct = (value: number | null) => fixed(value, 2);

export const COMPONENT_LABELS: Record<string, string> = {
  gage_rr: 'Total Gage R&R',
  repeatability: 'Repeatability (EV)',
  reproducibility: 'Reproducibility',
  operator: 'Operator (AV)',
  operator_part: 'Operator × Part (INT)',
  part: 'Part-to-Part (PV)',
  total: 'Total Variation (TV)',
};

export const VERDICT_LABELS: Record<string, string> = {
  acceptable: 'acceptable (< 10 %)',
  conditionally_acceptable: 'conditionally acceptable (10 – 30 %)',
  unacceptable: 'unacceptable (> 30 %)',
};

function table(doc: Doc, header: string[], rows: string[][], widths: number[], y: number): number {
  const rowHeight = 13;
  let x = PAGE.margin;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, rowHeight + 1).fill(COLOURS.band);
  header.forEach((text, i) => {
    line(doc, text, x + 4, y + 3, {
      width: (widths[i] as number) - 8,
      size: 8,
      bold: true,
      align: i === 0 ? 'left' : 'right',
    });
    x += widths[i] as number;
  });
  rows.forEach((row, r) => {
    let cx = PAGE.margin;
    const rowY = y + (r + 1) * rowHeight + 3;
    row.forEach((text, i) => {
      line(doc, text, cx + 4, rowY, {
        width: (widths[i] as number) - 8,
        size: 8.5,
        align: i === 0 ? 'left' : 'right',
      });
      cx += widths[i] as number;
    });
  });
  return y + (rows.length + 1) * rowHeight + 10;
}

function anovaRows(t: GageStudyResult['anova']['with_interaction']): string[][] {
  const row = (
    label: string,
    r: { df: number; ss: number; ms?: number; f?: number | null; p?: number | null },
  ) => [
    label,
    String(r.df),
    significant(r.ss),
    r.ms === undefined ? '' : significant(r.ms),
    r.f === undefined ? '' : fixed(r.f, 3),
    r.p === undefined ? '' : fixed(r.p, 3),
  ];
  return [
    row('Part', t.part),
    row('Operator', t.operator),
    ...(t.interaction ? [row('Operator × Part', t.interaction)] : []),
    row('Repeatability', t.repeatability),
    row('Total', t.total),
  ];
}

/** Renders the gage R&R report as PDF into `output`; resolves when every byte has been written. */
/** The gage report is written in English with UTC stamps (the other reports follow the reader's language). */
const ENGLISH_UTC = reportLocale('en', 'UTC');

export async function renderGageStudyReport(
  data: GageReportData,
  output: NodeJS.WritableStream,
): Promise<void> {
  const { result } = data;
  const { study } = result;
  const logo = await loadLogo(data.logo);
  const doc = createDocument(`Gage R&R ${study.recipe_code} #${study.marker_number}`, data.author, true);
  const written = streamTo(doc, output);
  const unit = study.unit ? ` ${study.unit}` : '';

  let y = drawHeader(doc, {
    title: 'Gage R&R Study (Crossed, ANOVA)',
    subtitle: `${study.recipe_code} · #${study.marker_number} ${study.characteristic}`,
    logo,
    generated: ENGLISH_UTC.text.generatedBy(ENGLISH_UTC.stamp(data.generated_at), data.author),
  });
  y = drawFacts(
    doc,
    [
      [['Study', study.name]],
      [
        ['Design', `${study.parts} parts × ${study.operators.length} operators × ${study.trials} trials`],
        [
          'Tolerance',
          study.tolerance === null ? 'none' : `${significant(study.tolerance)}${unit} (USL − LSL)`,
        ],
      ],
      [['Operators', study.operators.map((o) => o.display_name || o.username).join(', ')]],
      [['Defined', `${ENGLISH_UTC.stamp(study.created_at)}, run order seed ${study.seed}`]],
    ],
    y + 2,
  );

  const anovaWidths = [150, 45, 85, 85, 75, 75];
  const anovaHeader = ['Source', 'DF', 'SS', 'MS', 'F', 'P'];
  y = drawSectionTitle(doc, 'Two-way ANOVA table with interaction', y + 4);
  y = table(doc, anovaHeader, anovaRows(result.anova.with_interaction), anovaWidths, y);
  if (result.anova.without_interaction) {
    line(doc, 'Interaction p-value above 0.25: pooled into repeatability (AIAG).', PAGE.margin, y - 6, {
      width: CONTENT_WIDTH,
      size: 7.5,
      colour: COLOURS.muted,
    });
    y = drawSectionTitle(doc, 'Two-way ANOVA table without interaction', y + 8);
    y = table(doc, anovaHeader, anovaRows(result.anova.without_interaction), anovaWidths, y);
  }

  y = drawSectionTitle(doc, 'Gage evaluation', y + 2);
  y = table(
    doc,
    ['Source', 'VarComp', '%Contrib.', 'StdDev (SD)', 'Study Var', '%Study Var', '%Tolerance'],
    result.components.map((c) => [
      COMPONENT_LABELS[c.source] ?? c.source,
      significant(c.variance),
      pct(c.percent_contribution),
      significant(c.std_dev),
      significant(c.study_variation),
      pct(c.percent_study_variation),
      pct(c.percent_tolerance),
    ]),
    [120, 68, 60, 68, 68, 66, 65],
    y,
  );

  const grr = result.components.find((c) => c.source === 'gage_rr');
  const verdict = (v: string | null) => (v ? (VERDICT_LABELS[v] ?? v) : '—');
  y = drawFacts(
    doc,
    [
      [['Number of distinct categories', result.ndc === null ? '—' : String(result.ndc)]],
      [
        [
          '%Study Var (GRR)',
          `${pct(grr?.percent_study_variation ?? null)} % — ${verdict(result.verdict.study_variation)}`,
        ],
      ],
      [
        [
          '%Tolerance (GRR)',
          `${pct(grr?.percent_tolerance ?? null)} % — ${verdict(result.verdict.tolerance)}`,
        ],
      ],
    ],
    y,
    150,
  );
  const notes = [
    'Study Var = 6 × StdDev. AIAG MSA 4th ed. bands: below 10 % acceptable, 10 – 30 % conditionally acceptable, above 30 % unacceptable.',
    'ndc = 1.41 · PV / GRR, truncated; 5 or more wanted. Interaction pooled into repeatability when its p-value is above 0.25.',
  ];
  notes.forEach((note, i) => {
    line(doc, note, PAGE.margin, y + 2 + i * 9, { width: CONTENT_WIDTH, size: 6.5, colour: COLOURS.muted });
  });

  const range = doc.bufferedPageRange();
  const footer = `${study.recipe_code} · #${study.marker_number} · gage study ${study.id} · ${ENGLISH_UTC.text.footerGenerated(ENGLISH_UTC.stamp(data.generated_at), data.author)}`;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    drawFooter(doc, footer, ENGLISH_UTC.text.page(i + 1, range.count));
  }
  doc.flushPages();
  doc.end();
  await written;
}
