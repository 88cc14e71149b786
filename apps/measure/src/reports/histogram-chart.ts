/** The capability histogram as vectors: bars on the bin edges, both normal curves, LSL/target/USL. */
import type { Capability, Histogram } from '../spc/index.js';
import { normalPdf } from '../spc/index.js';
import { drawFrame, type Frame, niceTicks, paddedRange, tickDecimals, toX, toY } from './chart-axes.js';
import { fixed } from './report-format.js';
import { COLOURS, type Doc, line } from './report-page.js';
import type { ReportText } from './report-text.js';

export interface HistogramChartInput {
  histogram: Histogram;
  capability: Capability;
  decimals: number;
  text: ReportText;
}

const CURVE_STEPS = 160;

export function drawHistogramChart(
  doc: Doc,
  box: { left: number; top: number; width: number; height: number },
  input: HistogramChartInput,
): void {
  const { histogram: h, capability: c, decimals } = input;
  const plot = {
    left: box.left + 50,
    top: box.top + 14,
    width: box.width - 50 - 74,
    height: box.height - 34,
  };
  if (h.n === 0 || h.bins.length < 2) {
    line(doc, input.text.noMeasurements, plot.left, plot.top + plot.height / 2, {
      width: plot.width,
      align: 'center',
      colour: COLOURS.muted,
    });
    return;
  }
  const first = h.bins[0] as number;
  const last = h.bins[h.bins.length - 1] as number;
  const width = (last - first) / h.frequencies.length;
  const [xMin, xMax] = paddedRange([first, last, c.lsl, c.usl, c.target], 0.04);
  const curveAt = (x: number, sigma: number | null) =>
    c.mean === null || sigma === null || !(sigma > 0)
      ? null
      : (h.n * width * normalPdf((x - c.mean) / sigma)) / sigma;
  const peak = Math.max(
    ...h.frequencies,
    curveAt(c.mean ?? first, c.stdev) ?? 0,
    curveAt(c.mean ?? first, c.sigma_within) ?? 0,
  );
  const yTicks = niceTicks(0, peak * 1.08, 5);
  const frame: Frame = {
    ...plot,
    xMin,
    xMax,
    yMin: 0,
    yMax: Math.max(peak * 1.08, yTicks[yTicks.length - 1] ?? 1),
  };
  const xTicks = niceTicks(xMin, xMax, 7);
  const xDecimals = tickDecimals(xTicks);
  drawFrame(
    doc,
    frame,
    niceTicks(0, frame.yMax, 5),
    xTicks.map((t) => ({ at: t, label: t.toFixed(xDecimals) })),
  );
  line(doc, input.text.frequency, plot.left - 50, plot.top - 12, {
    width: 60,
    size: 7,
    colour: COLOURS.muted,
  });

  doc.save().lineWidth(0.5).fillColor('#b8d0ea').strokeColor(COLOURS.data);
  h.frequencies.forEach((count, i) => {
    if (count === 0) return;
    const x0 = toX(frame, h.bins[i] as number);
    const x1 = toX(frame, h.bins[i + 1] as number);
    const y = toY(frame, count);
    doc.rect(x0, y, Math.max(x1 - x0, 0.3), frame.top + frame.height - y).fillAndStroke();
  });
  doc.restore();

  drawCurve(doc, frame, (x) => curveAt(x, c.stdev), { colour: COLOURS.ink, dash: 0 });
  drawCurve(doc, frame, (x) => curveAt(x, c.sigma_within), { colour: COLOURS.control, dash: 3 });
  drawVertical(doc, frame, c.lsl, `LSL ${fixed(c.lsl, decimals)}`, COLOURS.spec);
  drawVertical(doc, frame, c.usl, `USL ${fixed(c.usl, decimals)}`, COLOURS.spec);
  drawVertical(doc, frame, c.target, `${input.text.target} ${fixed(c.target, decimals)}`, COLOURS.center, 3);

  const legendX = frame.left + frame.width + 6;
  doc
    .save()
    .lineWidth(1.2)
    .strokeColor(COLOURS.ink)
    .moveTo(legendX, frame.top + 4)
    .lineTo(legendX + 14, frame.top + 4)
    .stroke();
  doc
    .strokeColor(COLOURS.control)
    .dash(3, { space: 2 })
    .moveTo(legendX, frame.top + 16)
    .lineTo(legendX + 14, frame.top + 16)
    .stroke()
    .undash()
    .restore();
  line(doc, input.text.overall, legendX + 17, frame.top, { width: 50, size: 6.5 });
  line(doc, input.text.within, legendX + 17, frame.top + 12, { width: 50, size: 6.5 });
}

function drawCurve(
  doc: Doc,
  frame: Frame,
  y: (x: number) => number | null,
  style: { colour: string; dash: number },
): void {
  if (y(frame.xMin) === null) return;
  doc.save().rect(frame.left, frame.top, frame.width, frame.height).clip();
  doc.lineWidth(1.2).strokeColor(style.colour);
  if (style.dash) doc.dash(style.dash, { space: style.dash * 0.7 });
  for (let step = 0; step <= CURVE_STEPS; step++) {
    const x = frame.xMin + ((frame.xMax - frame.xMin) * step) / CURVE_STEPS;
    const px = toX(frame, x);
    const py = toY(frame, y(x) as number);
    if (step === 0) doc.moveTo(px, py);
    else doc.lineTo(px, py);
  }
  doc.stroke().undash().restore();
}

function drawVertical(
  doc: Doc,
  frame: Frame,
  value: number | null,
  label: string,
  colour: string,
  dash = 0,
): void {
  if (value === null || value < frame.xMin || value > frame.xMax) return;
  const x = toX(frame, value);
  doc.save().lineWidth(1.2).strokeColor(colour);
  if (dash) doc.dash(dash, { space: dash * 0.7 });
  doc
    .moveTo(x, frame.top)
    .lineTo(x, frame.top + frame.height)
    .stroke()
    .undash()
    .restore();
  line(doc, label, x - 40, frame.top - 11, { width: 80, size: 6.5, colour, align: 'center' });
}
