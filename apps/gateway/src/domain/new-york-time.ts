/**
 * New York wall-clock times as UTC instants, for sources that publish "at 15:30 New York" (the Treasury curve's
 * quote time, the COT release): the offset (−05:00 or −04:00) comes from the time-zone database through Intl,
 * so daylight-saving changes are right for any date.
 */

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** Minutes New York is behind UTC at this instant (300 in winter, 240 in summer). */
function newYorkOffsetMinutes(epochMs: number): number {
  const parts = Object.fromEntries(formatter.formatToParts(epochMs).map((part) => [part.type, part.value]));
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
  return Math.round((Math.floor(epochMs / 60_000) * 60_000 - wall) / 60_000);
}

/** Epoch ms of `hh:mm` New York time on the day `YYYY-MM-DD`. */
export function newYorkTimeMs(day: string, hour: number, minute: number): number {
  const asUtc = Date.parse(`${day}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  // The offset at the guess is the offset at the answer except within an hour of a change, not at 15:30.
  return asUtc + newYorkOffsetMinutes(asUtc) * 60_000;
}
