/**
 * The SPC report a metrologist sends a customer: header with logo, the characteristic and its
 * limits, the filters, the capability table, the individuals chart, the histogram and the summary.
 * All numbers come in computed (../spc); this module only lays them out.
 */
import type { Capability, ControlChart, Histogram, Summary } from '../spc/index.js';
import { drawHistogramChart } from './histogram-chart.js';
import { drawIndividualsChart } from './individuals-chart.js';
import { fixed, index2, ppm, utcStamp, valueDecimals } from './report-format.js';
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
  FOOTER_TOP,
  finish,
  line,
  PAGE,
  paragraph,
} from './report-page.js';

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
  /** Absolute path of the company logo (PNG, JPEG; SVG/WebP/GIF rasterised), or null. */
  logo_path: string | null;
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

const limitText = (value: number | null, decimals: number) =>
  value === null ? 'none' : fixed(value, decimals);

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

/** Three side-by-side panels like Minitab's capability report: process data, within, overall. */
function drawCapabilityTable(doc: Doc, c: Capability, decimals: number, y: number): number {
  const d = decimals + 1;
  const ci = (interval: Capability['cpk_ci95']) =>
    interval ? `${index2(interval.lower)} – ${index2(interval.upper)}` : '—';
  const panels: { title: string; rows: [string, string][] }[] = [
    {
      title: 'Process data',
      rows: [
        ['LSL', limitText(c.lsl, decimals)],
        ['Target', fixed(c.target, decimals)],
        ['USL', limitText(c.usl, decimals)],
        ['Sample N', String(c.n)],
        ['Mean', fixed(c.mean, d)],
        ['StDev (overall)', fixed(c.stdev, d)],
        ['StDev (within)', fixed(c.sigma_within, d)],
      ],
    },
    {
      title: 'Potential (within) capability',
      rows: [
        ['Cp', index2(c.cp)],
        ['CPL', index2(c.cpl)],
        ['CPU', index2(c.cpu)],
        ['Cpk', index2(c.cpk)],
        ['Cpk 95% CI', ci(c.cpk_ci95)],
        ['Exp. PPM < LSL', ppm(c.ppm_within?.below_lsl)],
        ['Exp. PPM > USL', ppm(c.ppm_within?.above_usl)],
      ],
    },
    {
      title: 'Overall capability',
      rows: [
        ['Pp', index2(c.pp)],
        ['PPL', index2(c.ppl)],
        ['PPU', index2(c.ppu)],
        ['Ppk', index2(c.ppk)],
        ['Cpm', index2(c.cpm)],
        ['Exp. PPM total', ppm(c.ppm_overall?.total)],
        ['Obs. PPM total', ppm(c.ppm_observed?.total)],
      ],
    },
  ];
  const gap = 10;
  const panelWidth = (CONTENT_WIDTH - 2 * gap) / 3;
  const rowHeight = 12.5;
  panels.forEach((panel, p) => {
    const x = PAGE.margin + p * (panelWidth + gap);
    doc.rect(x, y, panelWidth, 15).fill(COLOURS.band);
    line(doc, panel.title, x + 6, y + 4, {
      width: panelWidth - 12,
      size: 8,
      bold: true,
      colour: COLOURS.accent,
    });
    panel.rows.forEach(([label, value], r) => {
      const rowY = y + 19 + r * rowHeight;
      const key = label === 'Cpk' || label === 'Ppk';
      line(doc, label, x + 6, rowY, {
        width: panelWidth * 0.55,
        size: 8.5,
        bold: key,
        colour: key ? COLOURS.ink : COLOURS.muted,
      });
      line(doc, value, x + panelWidth * 0.5, rowY, {
        width: panelWidth * 0.5 - 6,
        size: 8.5,
        bold: key,
        align: 'right',
      });
    });
  });
  let next = y + 19 + 7 * rowHeight + 2;
  if (c.warnings.length > 0) {
    line(doc, `Note: ${c.warnings.join('; ')}.`, PAGE.margin, next, {
      width: CONTENT_WIDTH,
      size: 7.5,
      colour: COLOURS.warning,
    });
    next += 11;
  }
  line(
    doc,
    'Within sigma = average moving range / 1.128 (span 2); overall sigma = sample standard deviation (n - 1). Minitab conventions, subgroup size 1.',
    PAGE.margin,
    next,
    { width: CONTENT_WIDTH, size: 6.5, colour: COLOURS.muted },
  );
  return next + 14;
}

/** Total, pass, warning and fail stacked in a narrow column beside the histogram. */
function drawSummaryTable(doc: Doc, s: Summary, box: { left: number; top: number; width: number }): void {
  const rows: [string, string, string, string][] = [
    ['Total', String(s.total), COLOURS.ink, COLOURS.band],
    ['Pass', `${s.pass_count}  (${s.pass_percentage.toFixed(2)} %)`, COLOURS.pass, COLOURS.passFill],
    [
      'Warning',
      `${s.warning_count}  (${s.warning_percentage.toFixed(2)} %)`,
      COLOURS.warning,
      COLOURS.warningFill,
    ],
    ['Fail', `${s.fail_count}  (${s.fail_percentage.toFixed(2)} %)`, COLOURS.fail, COLOURS.failFill],
  ];
  rows.forEach(([label, value, colour, fill], i) => {
    const y = box.top + i * 38;
    doc.rect(box.left, y, box.width, 33).fill(fill);
    line(doc, label, box.left + 8, y + 4, { width: box.width - 16, size: 8, colour });
    line(doc, value, box.left + 8, y + 15, { width: box.width - 16, size: 12, bold: true, colour });
  });
  paragraph(
    doc,
    'Pass: inside the warning limits. Warning: between a warning and a tolerance limit. Fail: outside the tolerance. Limits inclusive.',
    box.left,
    box.top + 4 * 38,
    box.width,
    30,
  );
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
  const logo = await loadLogo(data.logo_path);
  const decimals = valueDecimals(data.subtask.unit, data.subtask);
  const title = `SPC report ${data.recipe.code} #${data.subtask.marker_number}`;
  const doc = createDocument(title, data.author, true);
  doc.pipe(output);

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
  await finish(doc, output);
}
