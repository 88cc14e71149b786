/** The SPC report's tables: capability panels (Minitab's layout) and the pass/warning/fail summary. */
import type { Capability, Summary } from '../spc/index.js';
import { fixed, index2, ppm } from './report-format.js';
import { COLOURS, CONTENT_WIDTH, type Doc, line, PAGE, paragraph } from './report-page.js';
import type { ReportText } from './report-text.js';

export const limitText = (value: number | null, decimals: number, text: ReportText): string =>
  value === null ? text.none : fixed(value, decimals);

/**
 * Three side-by-side panels like Minitab's capability report: process data, within, overall. Each index the API
 * gives a 95 % interval for (Cp, Cpk, Pp, Ppk) has it on the row below, as the web's capability table shows them.
 */
export function drawCapabilityTable(
  doc: Doc,
  c: Capability,
  decimals: number,
  y: number,
  text: ReportText,
): number {
  const d = decimals + 1;
  const ci = (interval: Capability['cpk_ci95']) =>
    interval ? `${index2(interval.lower)} – ${index2(interval.upper)}` : '—';
  const panels: { title: string; rows: [string, string][] }[] = [
    {
      title: text.processData,
      rows: [
        ['LSL', limitText(c.lsl, decimals, text)],
        [text.target, fixed(c.target, decimals)],
        ['USL', limitText(c.usl, decimals, text)],
        [text.sampleN, String(c.n)],
        [text.mean, fixed(c.mean, d)],
        [text.stdevOverall, fixed(c.stdev, d)],
        [text.stdevWithin, fixed(c.sigma_within, d)],
      ],
    },
    {
      title: text.potential,
      rows: [
        ['Cp', index2(c.cp)],
        [text.ci95('Cp'), ci(c.cp_ci95)],
        ['CPL', index2(c.cpl)],
        ['CPU', index2(c.cpu)],
        ['Cpk', index2(c.cpk)],
        [text.ci95('Cpk'), ci(c.cpk_ci95)],
        [text.ppmBelow, ppm(c.ppm_within?.below_lsl)],
        [text.ppmAbove, ppm(c.ppm_within?.above_usl)],
      ],
    },
    {
      title: text.overallCapability,
      rows: [
        ['Pp', index2(c.pp)],
        [text.ci95('Pp'), ci(c.pp_ci95)],
        ['PPL', index2(c.ppl)],
        ['PPU', index2(c.ppu)],
        ['Ppk', index2(c.ppk)],
        [text.ci95('Ppk'), ci(c.ppk_ci95)],
        ['Cpm', index2(c.cpm)],
        [text.ppmTotal, ppm(c.ppm_overall?.total)],
        [text.ppmObserved, ppm(c.ppm_observed?.total)],
      ],
    },
  ];
  const gap = 10;
  const panelWidth = (CONTENT_WIDTH - 2 * gap) / 3;
  // the intervals add two rows to the overall panel; rows are kept tight so the histogram stays on page 1
  const rowHeight = 11;
  const rows = Math.max(...panels.map((panel) => panel.rows.length));
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
  let next = y + 19 + rows * rowHeight + 2;
  if (c.warnings.length > 0) {
    line(doc, text.note(c.warnings.join('; ')), PAGE.margin, next, {
      width: CONTENT_WIDTH,
      size: 7.5,
      colour: COLOURS.warning,
    });
    next += 11;
  }
  line(doc, text.sigmaNote, PAGE.margin, next, { width: CONTENT_WIDTH, size: 6.5, colour: COLOURS.muted });
  return next + 14;
}

/** Total, pass, warning and fail stacked in a narrow column beside the histogram. */
export function drawSummaryTable(
  doc: Doc,
  s: Summary,
  box: { left: number; top: number; width: number },
  text: ReportText,
): void {
  const rows: [string, string, string, string][] = [
    [text.total, String(s.total), COLOURS.ink, COLOURS.band],
    [text.pass, `${s.pass_count}  (${s.pass_percentage.toFixed(2)} %)`, COLOURS.pass, COLOURS.passFill],
    [
      text.warning,
      `${s.warning_count}  (${s.warning_percentage.toFixed(2)} %)`,
      COLOURS.warning,
      COLOURS.warningFill,
    ],
    [text.fail, `${s.fail_count}  (${s.fail_percentage.toFixed(2)} %)`, COLOURS.fail, COLOURS.failFill],
  ];
  rows.forEach(([label, value, colour, fill], i) => {
    const y = box.top + i * 38;
    doc.rect(box.left, y, box.width, 33).fill(fill);
    line(doc, label, box.left + 8, y + 4, { width: box.width - 16, size: 8, colour });
    line(doc, value, box.left + 8, y + 15, { width: box.width - 16, size: 12, bold: true, colour });
  });
  paragraph(doc, text.verdictNote, box.left, box.top + 4 * 38, box.width, 30);
}
