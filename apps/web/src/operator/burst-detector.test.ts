import { describe, expect, it } from 'vitest';
import { detectInputMethod, emptyLog, type KeystrokeLog, recordKey } from './burst-detector';

function typed(keys: string, times: number[]): KeystrokeLog {
  let log = emptyLog();
  [...keys].forEach((key, i) => {
    log = recordKey(log, key, times[i]!);
  });
  return log;
}

describe('detectInputMethod', () => {
  it('recognises a caliper burst: every key and Enter within 50 ms of the previous', () => {
    const log = typed('12.345', [1000, 1008, 1016, 1024, 1032, 1040]);
    expect(detectInputMethod(log, 1048)).toBe('usb_caliper');
  });

  it('treats human typing speed as manual', () => {
    const log = typed('12.3', [1000, 1180, 1350, 1500]);
    expect(detectInputMethod(log, 1700)).toBe('manual');
  });

  it('is manual when a fast burst is followed by a slow Enter', () => {
    const log = typed('10.02', [0, 5, 10, 15, 20]);
    expect(detectInputMethod(log, 400)).toBe('manual');
  });

  it('is manual when one gap in the burst is slow', () => {
    const log = typed('10.02', [0, 5, 90, 95, 100]);
    expect(detectInputMethod(log, 105)).toBe('manual');
  });

  it('is manual after editing, even at burst speed', () => {
    let log = typed('10.2', [0, 5, 10, 15]);
    log = recordKey(log, 'Backspace', 20);
    log = recordKey(log, '3', 25);
    expect(detectInputMethod(log, 30)).toBe('manual');
  });

  it('is manual for a single key, which says nothing about speed', () => {
    expect(detectInputMethod(typed('5', [0]), 5)).toBe('manual');
  });

  it('ignores modifier keys a caliper may send', () => {
    let log = typed('1', [0]);
    log = recordKey(log, 'Shift', 2);
    log = recordKey(log, '2', 4);
    expect(detectInputMethod(log, 8)).toBe('usb_caliper');
  });
});
