/**
 * The US business-day calendar the macro simulators publish on: weekdays, less the three fixed-date holidays
 * every US market closes for (New Year's Day, Independence Day, Christmas). Enough to give the series the
 * gaps a client must handle (a missing day is a missing observation, never a zero); the floating holidays
 * are left out on purpose, they add nothing a client would do differently.
 */

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day (UTC). */
export const dayNumber = (iso: string): number => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/** `YYYY-MM-DD` of a day number. */
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function isBusinessDay(day: number): boolean {
  const date = new Date(day * DAY_MS);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = date.toISOString().slice(5, 10);
  return monthDay !== '01-01' && monthDay !== '07-04' && monthDay !== '12-25';
}

/** Business days in [first, last], ascending. */
export function businessDays(first: number, last: number): number[] {
  const days: number[] = [];
  for (let day = first; day <= last; day++) if (isBusinessDay(day)) days.push(day);
  return days;
}
