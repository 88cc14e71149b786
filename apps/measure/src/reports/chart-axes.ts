/** Plot frames for the vector charts: value ↔ point mapping, "nice" ticks, grid and labels. */
import { COLOURS, type Doc, line } from './report-page.js';

export interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

export const toX = (f: Frame, x: number): number =>
  f.left + ((x - f.xMin) / (f.xMax - f.xMin || 1)) * f.width;
export const toY = (f: Frame, y: number): number =>
  f.top + f.height - ((y - f.yMin) / (f.yMax - f.yMin || 1)) * f.height;

/** Ticks at 1, 2 or 5 × 10^k spanning [min, max], about `target` of them. */
export function niceTicks(min: number, max: number, target = 6): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / target;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max + step * 1e-9; t += step)
    ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** Decimals that tell the ticks apart. */
export function tickDecimals(ticks: number[]): number {
  if (ticks.length < 2) return 2;
  const step = Math.abs((ticks[1] as number) - (ticks[0] as number));
  return Math.max(0, Math.min(6, -Math.floor(Math.log10(step))));
}

/** Range [min, max] of the given numbers (nulls ignored), padded by `pad` of its width. */
export function paddedRange(values: (number | null | undefined)[], pad = 0.06): [number, number] {
  const finite = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (finite.length === 0) return [0, 1];
  let min = Math.min(...finite);
  let max = Math.max(...finite);
  if (min === max) {
    const half = Math.abs(min) * 0.01 || 0.5;
    min -= half;
    max += half;
  }
  const margin = (max - min) * pad;
  return [min - margin, max + margin];
}

/** Border, horizontal grid with y labels on the left, optional x ticks below. */
export function drawFrame(
  doc: Doc,
  f: Frame,
  yTicks: number[],
  xTicks: { at: number; label: string }[],
): void {
  const decimals = tickDecimals(yTicks);
  doc.save().lineWidth(0.4).strokeColor(COLOURS.rule);
  for (const tick of yTicks) {
    const y = toY(f, tick);
    if (y < f.top - 0.5 || y > f.top + f.height + 0.5) continue;
    doc
      .moveTo(f.left, y)
      .lineTo(f.left + f.width, y)
      .stroke();
    line(doc, tick.toFixed(decimals), f.left - 48, y - 4, {
      width: 44,
      size: 7,
      colour: COLOURS.muted,
      align: 'right',
    });
  }
  for (const tick of xTicks) {
    const x = toX(f, tick.at);
    doc
      .moveTo(x, f.top + f.height)
      .lineTo(x, f.top + f.height + 3)
      .stroke();
    line(doc, tick.label, x - 30, f.top + f.height + 5, {
      width: 60,
      size: 7,
      colour: COLOURS.muted,
      align: 'center',
    });
  }
  doc.lineWidth(0.8).strokeColor(COLOURS.muted).rect(f.left, f.top, f.width, f.height).stroke().restore();
}

/** A horizontal reference line across the frame with its label at the right edge. */
export function drawLevel(
  doc: Doc,
  f: Frame,
  value: number | null,
  label: string,
  style: { colour: string; dash?: number; width?: number },
): void {
  if (value === null || !Number.isFinite(value) || value < f.yMin || value > f.yMax) return;
  const y = toY(f, value);
  doc
    .save()
    .lineWidth(style.width ?? 0.9)
    .strokeColor(style.colour);
  if (style.dash) doc.dash(style.dash, { space: style.dash * 0.7 });
  doc
    .moveTo(f.left, y)
    .lineTo(f.left + f.width, y)
    .stroke()
    .undash()
    .restore();
  line(doc, label, f.left + f.width + 3, y - 4, { width: 70, size: 6.5, colour: style.colour });
}
