/**
 * The SPC report a metrologist sends a customer: header with logo, the characteristic and its
 * limits, the filters, the capability table, the individuals chart, the histogram and the summary.
 * All numbers come in computed (../spc); this module only lays them out.
 */
import type { Capability, ControlChart, Histogram, Summary } from '../spc/index.js';
import { drawHistogramChart } from './histogram-chart.js';
import { drawIndividualsChart } from './individuals-chart.js';
import { fixed, utcStamp, valueDecimals } from './report-format.js';
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
  capability: Capability;
  control_chart: ControlChart;
  /** The charted values and their epoch-ms timestamps in time order (SpcSeries.values/.timestamps). */
  points: { values: ArrayLike<number>; timestamps: ArrayLike<number> };
  histogram: Histogram;
  summary: Summary;
}

function characteristicFacts(data: SpcReportData, decimals: number): [string, string][][] {
  const { recipe, subtask: s } = data;
  const unit = s.unit ? ` ${s.unit}` : '';
  const first = data.points.timestamps[0];
  const last = data.points.timestamps[data.points.timestamps.length - 1];
  const period =
    first !== undefined && last !== undefined && Number.isFinite(first)
      ? `${utcStamp(first).replace(' UTC', '')} – ${utcStamp(last)}`
      : '—';
  const filters =
    data.filters.length === 0 ? 'none' : data.filters.map((f) => `${f.label}: ${f.value}`).join('; ');
  return [
    [['Recipe', `${recipe.code} — ${recipe.name}`]],
    [['Characteristic', `#${s.marker_number} ${s.description}`]],
    [
      ['Task', s.task_title ?? '—'],
      ['Recipe version', recipe.version === null ? 'all versions' : String(recipe.version)],
    ],
    [
      ['Nominal', `${fixed(s.nominal, decimals)}${unit}`],
      ['Tolerance', `${limitText(s.ltl, decimals)} … ${limitText(s.utl, decimals)}${unit}`],
    ],
    [
      ['Warning limits', `${limitText(s.lwl, decimals)} … ${limitText(s.uwl, decimals)}${unit}`],
      ['Unit', s.unit || '—'],
    ],
    [['Measured', period]],
    [['Filters', filters]],
  ];
}

function outOfControlNote(data: SpcReportData): string {
  const chart = data.control_chart;
  const indices = chart.out_of_control_indices;
  const rules = `rule${chart.rules.length === 1 ? '' : 's'} ${chart.rules.join(', ')}`;
  if (chart.ucl === null) return 'Control limits need at least two measurements.';
  if (indices.length === 0) return `No point out of control (Nelson ${rules}).`;
  const shown = indices.slice(0, 12).map((i) => String(i + 1));
  const more = indices.length > shown.length ? ` and ${indices.length - shown.length} more` : '';
  return `${indices.length} point${indices.length === 1 ? '' : 's'} out of control (Nelson ${rules}), observation ${shown.join(', ')}${more}.`;
}

/** Renders the SPC report as PDF into `output`; resolves when every byte has been written. */
export async function renderSpcReport(data: SpcReportData, output: NodeJS.WritableStream): Promise<void> {
  const logo = await loadLogo(data.logo);
  const decimals = valueDecimals(data.subtask.unit, data.subtask);
  const title = `SPC report ${data.recipe.code} #${data.subtask.marker_number}`;
  const doc = createDocument(title, data.author, true);
  const written = streamTo(doc, output);

  let y = drawHeader(doc, {
    title: 'Statistical Process Control Report',
    subtitle: `${data.recipe.name} · #${data.subtask.marker_number} ${data.subtask.description}`,
    logo,
    generatedAt: data.generated_at,
    author: data.author,
  });
  y = drawFacts(doc, characteristicFacts(data, decimals), y + 2);
  y = drawSectionTitle(doc, 'Process capability', y + 4);
  y = drawCapabilityTable(doc, data.capability, decimals, y);
  y = drawSectionTitle(doc, 'Individuals control chart', y + 2);
  drawIndividualsChart(
    doc,
    { left: PAGE.margin, top: y, width: CONTENT_WIDTH, height: 190 },
    {
      chart: data.control_chart,
      values: data.points.values,
      ltl: data.subtask.ltl,
      utl: data.subtask.utl,
      decimals,
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
  y = drawSectionTitle(
    doc,
    `Capability histogram (${data.histogram.frequencies.length} bins) and summary`,
    y,
  );
  const summaryWidth = 150;
  drawHistogramChart(
    doc,
    { left: PAGE.margin, top: y, width: CONTENT_WIDTH - summaryWidth - 12, height: histogramHeight },
    { histogram: data.histogram, capability: data.capability, decimals },
  );
  drawSummaryTable(doc, data.summary, {
    left: PAGE.margin + CONTENT_WIDTH - summaryWidth,
    top: y + 4,
    width: summaryWidth,
  });

  const range = doc.bufferedPageRange();
  const footer = `${data.recipe.code} · #${data.subtask.marker_number} · generated ${utcStamp(data.generated_at)} by ${data.author}`;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    drawFooter(doc, footer, i + 1, range.count);
  }
  doc.flushPages();
  doc.end();
  await written;
}
