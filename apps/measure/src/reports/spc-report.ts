/**
 * The SPC report a metrologist sends a customer: header with logo, the characteristic and its
 * limits, the filters, the capability table, the individuals chart, the histogram and the summary.
 * All numbers come in computed (../spc); this module only lays them out.
 */
import type { Capability, ControlChart, Histogram, Summary } from '../spc/index.js';
import { drawHistogramChart } from './histogram-chart.js';
import { drawIndividualsChart } from './individuals-chart.js';
import { fixed, valueDecimals } from './report-format.js';
import { loadLogo } from './report-logo.js';
import {
  COLOURS,
  CONTENT_WIDTH,
  createDocument,
  drawFacts,
  drawFooter,
  drawHeader,
  drawSectionTitle,
  FOOTER_TOP,
  line,
  PAGE,
  streamTo,
} from './report-page.js';
import type { ReportLocale } from './report-text.js';
import { drawCapabilityTable, drawSummaryTable, limitText } from './spc-report-tables.js';

export interface ReportRecipe {
  code: string;
  name: string;
  version: number | null;
}

export interface ReportSubtask {
  marker_number: number;
  description: string;
  task_title: string | null;
  nominal: number;
  ltl: number | null;
  lwl: number | null;
  uwl: number | null;
  utl: number | null;
  unit: string;
}

/** A filter as the reader should see it, e.g. { label: 'Lot', value: 'L-2026-114' }. */
export interface ReportFilter {
  label: string;
  value: string;
}

export interface SpcReportData {
  /** The stored company logo's bytes (PNG, JPEG as they are; SVG/WebP/GIF rasterised), or null. */
  logo: Buffer | null;
  recipe: ReportRecipe;
  subtask: ReportSubtask;
  filters: ReportFilter[];
  generated_at: Date;
  author: string;
  /** The requesting user's language and the time zone the stamps are written in. */
  locale: ReportLocale;
  capability: Capability;
  control_chart: ControlChart;
  /** The charted values and their epoch-ms timestamps in time order (SpcSeries.values/.timestamps). */
  points: { values: ArrayLike<number>; timestamps: ArrayLike<number> };
  histogram: Histogram;
  summary: Summary;
}

function characteristicFacts(data: SpcReportData, decimals: number): [string, string][][] {
  const { recipe, subtask: s } = data;
  const { text, stamp } = data.locale;
  const unit = s.unit ? ` ${s.unit}` : '';
  const first = data.points.timestamps[0];
  const last = data.points.timestamps[data.points.timestamps.length - 1];
  const period =
    first !== undefined && last !== undefined && Number.isFinite(first)
      ? `${stamp(first, { bare: true })} – ${stamp(last)}`
      : '—';
  const filters =
    data.filters.length === 0
      ? text.none
      : data.filters.map((f) => `${text.filterLabels[f.label] ?? f.label}: ${f.value}`).join('; ');
  return [
    [[text.recipe, `${recipe.code} — ${recipe.name}`]],
    [[text.characteristic, `#${s.marker_number} ${s.description}`]],
    [
      [text.task, s.task_title ?? '—'],
      [text.recipeVersion, recipe.version === null ? text.allVersions : String(recipe.version)],
    ],
    [
      [text.nominal, `${fixed(s.nominal, decimals)}${unit}`],
      [text.tolerance, `${limitText(s.ltl, decimals, text)} … ${limitText(s.utl, decimals, text)}${unit}`],
    ],
    [
      [
        text.warningLimits,
        `${limitText(s.lwl, decimals, text)} … ${limitText(s.uwl, decimals, text)}${unit}`,
      ],
      [text.unit, s.unit || '—'],
    ],
    [[text.measured, period]],
    [[text.filters, filters]],
  ];
}

function outOfControlNote(data: SpcReportData): string {
  const chart = data.control_chart;
  const indices = chart.out_of_control_indices;
  const { text } = data.locale;
  const rules = text.rules(chart.rules);
  if (chart.ucl === null) return text.needTwo;
  if (indices.length === 0) return text.inControl(rules);
  const shown = indices.slice(0, 12).map((i) => String(i + 1));
  return text.outOfControl(indices.length, rules, shown.join(', '), indices.length - shown.length);
}

/** Renders the SPC report as PDF into `output`; resolves when every byte has been written. */
export async function renderSpcReport(data: SpcReportData, output: NodeJS.WritableStream): Promise<void> {
  const logo = await loadLogo(data.logo);
  const decimals = valueDecimals(data.subtask.unit, data.subtask);
  const { text, stamp } = data.locale;
  const title = text.spcDocument(data.recipe.code, data.subtask.marker_number);
  const doc = createDocument(title, data.author, true);
  const written = streamTo(doc, output);

  let y = drawHeader(doc, {
    title: text.spcTitle,
    subtitle: `${data.recipe.name} · #${data.subtask.marker_number} ${data.subtask.description}`,
    logo,
    generated: text.generatedBy(stamp(data.generated_at), data.author),
  });
  y = drawFacts(doc, characteristicFacts(data, decimals), y + 2);
  y = drawSectionTitle(doc, text.processCapability, y + 4);
  y = drawCapabilityTable(doc, data.capability, decimals, y, text);
  y = drawSectionTitle(doc, text.individualsChart, y + 2);
  drawIndividualsChart(
    doc,
    { left: PAGE.margin, top: y, width: CONTENT_WIDTH, height: 190 },
    {
      chart: data.control_chart,
      values: data.points.values,
      ltl: data.subtask.ltl,
      utl: data.subtask.utl,
      decimals,
      text,
    },
  );
  y += 192;
  line(doc, outOfControlNote(data), PAGE.margin, y, {
    width: CONTENT_WIDTH,
    size: 8,
    colour: data.control_chart.out_of_control_indices.length > 0 ? COLOURS.control : COLOURS.muted,
  });
  y += 16;

  const histogramHeight = 178;
  if (y + 21 + histogramHeight > FOOTER_TOP - 8) {
    doc.addPage();
    y = PAGE.margin;
  }
  y = drawSectionTitle(doc, text.histogramAndSummary(data.histogram.frequencies.length), y);
  const summaryWidth = 150;
  drawHistogramChart(
    doc,
    { left: PAGE.margin, top: y, width: CONTENT_WIDTH - summaryWidth - 12, height: histogramHeight },
    { histogram: data.histogram, capability: data.capability, decimals, text },
  );
  drawSummaryTable(
    doc,
    data.summary,
    {
      left: PAGE.margin + CONTENT_WIDTH - summaryWidth,
      top: y + 4,
      width: summaryWidth,
    },
    text,
  );

  const range = doc.bufferedPageRange();
  const footer = `${data.recipe.code} · #${data.subtask.marker_number} · ${text.footerGenerated(stamp(data.generated_at), data.author)}`;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    drawFooter(doc, footer, text.page(i + 1, range.count));
  }
  doc.flushPages();
  doc.end();
  await written;
}
