import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fixtureSeries, fixtureSpcReport } from './report-fixtures.js';
import { foldToWinAnsi } from './report-fonts.js';
import { fixed, signed, valueDecimals } from './report-format.js';
import { isTimeZone, reportLocale } from './report-text.js';
import { renderSpcReport } from './spc-report.js';

describe('report number formatting', () => {
  const limits = { nominal: 10, ltl: 9.95, lwl: 9.97, uwl: 10.03, utl: 10.05 };

  it('reads values at the unit resolution or the drawing precision, whichever is finer', () => {
    expect(valueDecimals('mm', limits)).toBe(3);
    expect(valueDecimals('mm', { ...limits, utl: 10.0525 })).toBe(4);
    expect(valueDecimals('µm', { nominal: 250, ltl: 245, lwl: 247, uwl: 253, utl: 255 })).toBe(1);
    expect(valueDecimals('in', { nominal: 1, ltl: 0.99, lwl: null, uwl: null, utl: 1.01 })).toBe(4);
    expect(valueDecimals('furlong', limits)).toBe(3);
  });

  it('prints undefined statistics as a dash and never "-0.000"', () => {
    expect(fixed(null, 3)).toBe('—');
    expect(fixed(Number.NaN, 3)).toBe('—');
    expect(fixed(-0.0001, 3)).toBe('0.000');
    expect(signed(0.0124, 3)).toBe('+0.012');
    expect(signed(-0.0124, 3)).toBe('-0.012');
    expect(signed(0, 3)).toBe('0.000');
  });

  it('stamps times ISO-like in the zone asked for, naming it', () => {
    const utc = reportLocale('en');
    expect(utc.stamp(Date.UTC(2026, 10, 21, 8, 5, 9))).toBe('2026-11-21 08:05 UTC');
    expect(utc.stamp('2026-11-21T08:05:09Z', { seconds: true })).toBe('2026-11-21 08:05:09 UTC');
    expect(utc.stamp('garbage')).toBe('—');
    const berlin = reportLocale('de', 'Europe/Berlin');
    expect(berlin.stamp('2026-11-21T08:05:09Z')).toBe('2026-11-21 09:05 Europe/Berlin');
    // summer time: two hours ahead
    expect(berlin.stamp('2026-07-01T23:30:00Z', { bare: true })).toBe('2026-07-02 01:30');
    expect([isTimeZone('Europe/Berlin'), isTimeZone('Mars/Olympus')]).toEqual([true, false]);
  });

  it('speaks the user’s language, English for any it does not know', () => {
    expect(reportLocale('de').text.page(1, 3)).toBe('Seite 1 von 3');
    expect(reportLocale('fr').text.page(1, 3)).toBe('Page 1 of 3');
  });
});

describe('Helvetica fallback text', () => {
  it('keeps what WinAnsi shows and spells out or marks the rest', () => {
    expect(foldToWinAnsi('Gehäuse Ø25 – Ärger')).toBe('Gehäuse Ø25 – Ärger');
    expect(foldToWinAnsi('Łódź Čech')).toBe('Lódz Cech');
    expect(foldToWinAnsi('σ 東\nx')).toBe('? ? x');
  });
});

describe('streaming into a slow consumer', () => {
  it('completes and delivers the whole PDF when the consumer applies backpressure', async () => {
    const chunks: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        setImmediate(done);
      },
    });
    await renderSpcReport(fixtureSpcReport(fixtureSeries(2000)), slow);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  });
});
