import type { ChainSnapshot } from './chain.js';

/** Which options a tool looks at [gateway convention, notes §9]: one expiry, or every expiry within max DTE. */
export interface ExpiryFilter {
  /** Epoch ms of one expiry; null/undefined = all expiries. */
  expiry?: number | null;
  /** Days to expiry at most; null/undefined = no bound. */
  maxDte?: number | null;
}

export function selectOptions(chain: ChainSnapshot, filter: ExpiryFilter = {}): number[] {
  const out: number[] = [];
  for (let i = 0; i < chain.strike.length; i++) {
    if (filter.expiry != null && chain.expiry[i] !== filter.expiry) continue;
    if (filter.maxDte != null && chain.years[i]! * 365 > filter.maxDte) continue;
    out.push(i);
  }
  return out;
}

export interface ExpiryGroup {
  expiry: number;
  /** Days to expiry (τ × 365). */
  dte: number;
  /** The expiry's forward (the mean of its options' `underlying_price`, which Deribit gives once per expiry). */
  forward: number;
  indices: number[];
}

/** The selected options grouped by expiry, nearest first. */
export function expiryGroups(chain: ChainSnapshot, filter: ExpiryFilter = {}): ExpiryGroup[] {
  const groups = new Map<number, number[]>();
  for (const i of selectOptions(chain, filter)) {
    const expiry = chain.expiry[i]!;
    const list = groups.get(expiry);
    if (list) list.push(i);
    else groups.set(expiry, [i]);
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([expiry, indices]) => ({
      expiry,
      dte: chain.years[indices[0]!]! * 365,
      forward: indices.reduce((sum, i) => sum + chain.forward[i]!, 0) / indices.length,
      indices,
    }));
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Deribit's expiry code (`25DEC26`) of an expiry timestamp. */
export function expiryCode(ms: number): string {
  const date = new Date(ms);
  return `${date.getUTCDate()}${MONTHS[date.getUTCMonth()]}${String(date.getUTCFullYear() % 100).padStart(2, '0')}`;
}

/** `25DEC26` or `2026-12-25` → 08:00 UTC of that day (Deribit's expiry hour); null when neither form. */
export function parseExpiry(text: string): number | null {
  const code = /^(\d{1,2})([A-Z]{3})(\d{2})$/.exec(text.trim().toUpperCase());
  if (code) {
    const month = MONTHS.indexOf(code[2]!);
    if (month < 0) return null;
    const ms = Date.UTC(2000 + Number(code[3]), month, Number(code[1]), 8);
    return new Date(ms).getUTCDate() === Number(code[1]) ? ms : null;
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!iso) return null;
  const ms = Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]), 8);
  return new Date(ms).toISOString().slice(0, 10) === text.trim() ? ms : null;
}

export const ISO_DATE = (ms: number) => new Date(ms).toISOString();
