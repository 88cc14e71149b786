/**
 * Grid arithmetic for ticks and lots. Prices and sizes are JavaScript numbers (the venues put decimals on the
 * wire and the simulators parse them), so "on the grid" means within a relative 1e-9 of a multiple of the step,
 * and every sum the core keeps is snapped back to the grid so rounding noise never accumulates.
 */

/** Decimal places of a step such as 0.5, 0.001 or 10 (0 for integers), for printing a snapped value exactly. */
export function stepDecimals(step: number): number {
  if (Number.isInteger(step)) return 0;
  const text = step.toExponential();
  const [mantissa = '', exponent = '0'] = text.split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** The nearest multiple of `step`, free of binary noise (0.1 + 0.2 snaps to 0.3). */
export function snap(value: number, step: number): number {
  const units = Math.round(value / step);
  return Number((units * step).toFixed(stepDecimals(step)));
}

/** Whether `value` is a multiple of `step`, allowing for the binary noise of a parsed decimal. */
export function onGrid(value: number, step: number): boolean {
  const units = value / step;
  return Math.abs(units - Math.round(units)) <= 1e-9 * Math.max(1, Math.abs(units));
}

/** The multiple of `step` at or below `value` (a bid never rounds up into the spread). */
export function floorTo(value: number, step: number): number {
  return snap(Math.floor(value / step + 1e-9) * step, step);
}

/** The multiple of `step` at or above `value` (an ask never rounds down into the spread). */
export function ceilTo(value: number, step: number): number {
  return snap(Math.ceil(value / step - 1e-9) * step, step);
}
