import type { InputMethod } from '../api/types';

/**
 * A USB caliper is a keyboard that types the whole reading and Enter in one burst, a few milliseconds
 * per key; a person needs well over 50 ms between keys. So a value whose every keystroke (Enter
 * included) follows the previous within `maxGapMs` is a caliper reading; anything else, or any
 * editing (backspace, paste, cursor keys), is manual.
 */
export interface KeystrokeLog {
  /** event.timeStamp of each character key, in order. */
  keyTimes: number[];
  /** The value was edited in a way a caliper never does. */
  edited: boolean;
}

export const BURST_MAX_GAP_MS = 50;

export function emptyLog(): KeystrokeLog {
  return { keyTimes: [], edited: false };
}

export function recordKey(log: KeystrokeLog, key: string, at: number): KeystrokeLog {
  if (key.length === 1) return { ...log, keyTimes: [...log.keyTimes, at] };
  if (key === 'Enter' || key === 'Shift' || key === 'NumLock') return log;
  return { ...log, edited: true };
}

export function detectInputMethod(
  log: KeystrokeLog,
  enterAt: number,
  maxGapMs = BURST_MAX_GAP_MS,
): InputMethod {
  if (log.edited || log.keyTimes.length < 2) return 'manual';
  const times = [...log.keyTimes, enterAt];
  for (let i = 1; i < times.length; i++) {
    const gap = times[i]! - times[i - 1]!;
    if (gap < 0 || gap > maxGapMs) return 'manual';
  }
  return 'usb_caliper';
}
