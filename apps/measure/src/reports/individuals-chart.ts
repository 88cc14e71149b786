/**
 * The individuals chart as vectors: data line, centre, UCL/LCL, tolerance limits and out-of-control
 * points. Beyond about two points per horizontal point of the plot the line is decimated to the
 * minimum and maximum of each column (the band a dense line would paint anyway); every
 * out-of-control point is still drawn. Statistics are never decimated: they come in computed.
 */
import type { ControlChart } from '../spc/index.js';
import { drawFrame, drawLevel, type Frame, niceTicks, paddedRange, toX, toY } from './chart-axes.js';
import { fixed } from './report-format.js';
import { COLOURS, type Doc, line } from './report-page.js';
import type { ReportText } from './report-text.js';

export interface IndividualsChartInput {
  chart: ControlChart;
  values: ArrayLike<number>;
  ltl: number | null;
  utl: number | null;
  decimals: number;
  text: ReportText;
}

/** Draws the chart in the box and returns nothing; the caller owns the layout. */
export function drawIndividualsChart(
  doc: Doc,
  box: { left: number; top: number; width: number; height: number },
  input: IndividualsChartInput,
): void {
  const { chart, values, decimals, text } = input;
  const n = values.length;
  const plot = { left: box.left + 50, top: box.top + 4, width: box.width - 50 - 74, height: box.height - 22 };
  if (n === 0) {
    line(doc, text.noMeasurements, plot.left, plot.top + plot.height / 2, {
      width: plot.width,
      align: 'center',
      colour: COLOURS.muted,
    });
    return;
  }
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  // A capable process sits in a thin band far inside its tolerance: a tolerance limit more than one
  // data-and-control-limit span away is named at the edge instead of flattening the chart.
  const coreLow = Math.min(lo, chart.lcl ?? lo);
  const coreHigh = Math.max(hi, chart.ucl ?? hi);
  const span = coreHigh - coreLow || Math.abs(coreHigh) * 0.02 || 1;
  const onScale = (limit: number | null) =>
    limit !== null && limit >= coreLow - span && limit <= coreHigh + span;
  const [yMin, yMax] = paddedRange([
    lo,
    hi,
    chart.ucl,
    chart.lcl,
    onScale(input.ltl) ? input.ltl : null,
    onScale(input.utl) ? input.utl : null,
  ]);
  const frame: Frame = { ...plot, xMin: 0.5, xMax: Math.max(n, 2) + 0.5, yMin, yMax };
  const xTicks = niceTicks(1, Math.max(n, 2), 8)
    .filter((t) => Number.isInteger(t) && t >= 1 && t <= n)
    .map((t) => ({ at: t, label: String(t) }));
  drawFrame(doc, frame, niceTicks(yMin, yMax, 6), xTicks);
  line(doc, text.observation, plot.left, plot.top + plot.height + 13, {
    width: plot.width,
    size: 7,
    align: 'center',
    colour: COLOURS.muted,
  });

  drawLevel(doc, frame, input.utl, `USL ${fixed(input.utl, decimals)}`, { colour: COLOURS.spec, width: 1.2 });
  drawLevel(doc, frame, input.ltl, `LSL ${fixed(input.ltl, decimals)}`, { colour: COLOURS.spec, width: 1.2 });
  if (input.utl !== null && !onScale(input.utl)) {
    line(
      doc,
      `USL ${fixed(input.utl, decimals)} (${text.above})`,
      frame.left + frame.width + 3,
      frame.top - 4,
      {
        width: 70,
        size: 6.5,
        colour: COLOURS.spec,
      },
    );
  }
  if (input.ltl !== null && !onScale(input.ltl)) {
    line(
      doc,
      `LSL ${fixed(input.ltl, decimals)} (${text.below})`,
      frame.left + frame.width + 3,
      frame.top + frame.height - 4,
      { width: 70, size: 6.5, colour: COLOURS.spec },
    );
  }
  drawLevel(doc, frame, chart.ucl, `UCL ${fixed(chart.ucl, decimals + 1)}`, {
    colour: COLOURS.control,
    dash: 4,
  });
  drawLevel(doc, frame, chart.lcl, `LCL ${fixed(chart.lcl, decimals + 1)}`, {
    colour: COLOURS.control,
    dash: 4,
  });
  drawLevel(doc, frame, chart.center_line, `${text.mean} ${fixed(chart.center_line, decimals + 1)}`, {
    colour: COLOURS.center,
  });

  doc.save().rect(frame.left, frame.top, frame.width, frame.height).clip();
  drawDataLine(doc, frame, values);
  const outOfControl = new Set(chart.out_of_control_indices);
  if (n <= 150) {
    doc.fillColor(COLOURS.data);
    for (let i = 0; i < n; i++) {
      if (!outOfControl.has(i))
        doc.circle(toX(frame, i + 1), toY(frame, values[i] as number), n <= 50 ? 2.1 : 1.6).fill();
    }
  }
  // every flagged point stays visible; on a dense chart the markers shrink so they do not paint it red
  const radius = n <= 500 ? 2.6 : n <= 5000 ? 1.8 : 1.1;
  doc.fillColor(COLOURS.control);
  for (const i of chart.out_of_control_indices) {
    if (i >= n) continue; // a chart from other data than the points: never draw NaN into the PDF
    doc.circle(toX(frame, i + 1), toY(frame, values[i] as number), radius).fill();
  }
  doc.restore();
}

/** Polyline through the points, or through per-column min/max when points outnumber columns. */
function drawDataLine(doc: Doc, frame: Frame, values: ArrayLike<number>): void {
  const n = values.length;
  doc.lineWidth(n > 400 ? 0.5 : 0.8).strokeColor(COLOURS.data);
  const columns = Math.max(1, Math.floor(frame.width * 2));
  if (n <= columns) {
    doc.moveTo(toX(frame, 1), toY(frame, values[0] as number));
    for (let i = 1; i < n; i++) doc.lineTo(toX(frame, i + 1), toY(frame, values[i] as number));
    doc.stroke();
    return;
  }
  const perColumn = n / columns;
  let started = false;
  for (let c = 0; c < columns; c++) {
    const from = Math.floor(c * perColumn);
    const to = Math.min(n, Math.floor((c + 1) * perColumn));
    if (to <= from) continue;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = from; i < to; i++) {
      const v = values[i] as number;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const x = toX(frame, (from + to) / 2 + 0.5);
    if (!started) {
      doc.moveTo(x, toY(frame, min));
      started = true;
    } else doc.lineTo(x, toY(frame, min));
    doc.lineTo(x, toY(frame, max));
  }
  doc.stroke();
}
