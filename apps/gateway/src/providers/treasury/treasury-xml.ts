import { XMLParser } from 'fast-xml-parser';
import { type DatedCurve, TENORS, type Tenor } from '../../domain/yield-curve.js';

/**
 * Reads Treasury's daily par yield curve feed (notes macro.md U3.2): an OData-style Atom document whose
 * entries carry `m:properties` with `d:NEW_DATE` and one `d:BC_*` element per tenor. Elements are matched by
 * local name (the prefix is dropped), so the feed's default-namespace form and older captures that
 * re-declare `xmlns:d` on every element read alike. A tenor is missing when its element is absent or empty
 * with `m:null="true"`, never zero; `BC_30YEARDISPLAY` and any future `BC_*` are left out. Entries come
 * back sorted by date whatever the feed's order.
 */

/** Why a body is not a yield-curve feed; the client turns it into a 502. */
export class TreasuryFeedError extends Error {}

const ELEMENT_TENOR: Record<string, Tenor> = {
  BC_1MONTH: '1M',
  BC_1_5MONTH: '1.5M',
  BC_2MONTH: '2M',
  BC_3MONTH: '3M',
  BC_4MONTH: '4M',
  BC_6MONTH: '6M',
  BC_1YEAR: '1Y',
  BC_2YEAR: '2Y',
  BC_3YEAR: '3Y',
  BC_5YEAR: '5Y',
  BC_7YEAR: '7Y',
  BC_10YEAR: '10Y',
  BC_20YEAR: '20Y',
  BC_30YEAR: '30Y',
};

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  // Values stay text: "4.40" and an empty element must not become 4.4 and "" by the parser's guesses.
  parseTagValue: false,
  isArray: (name) => name === 'entry',
});

type Element = string | { '#text'?: string; '@_null'?: string } | undefined;

function textOf(element: Element): string | undefined {
  if (typeof element === 'string') return element;
  if (element && element['@_null'] !== 'true') return element['#text'];
  return undefined;
}

function readEntry(entry: unknown): DatedCurve {
  const properties = (entry as { content?: { properties?: Record<string, Element> } })?.content?.properties;
  const date = textOf(properties?.NEW_DATE)?.slice(0, 10);
  if (!properties || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date))
    throw new TreasuryFeedError('an entry has no NEW_DATE');
  const yields: Partial<Record<Tenor, number>> = {};
  for (const [name, element] of Object.entries(properties)) {
    const tenor = ELEMENT_TENOR[name];
    const text = tenor && textOf(element)?.trim();
    if (!tenor || !text) continue;
    const value = Number(text);
    if (Number.isFinite(value)) yields[tenor] = value;
  }
  return { date, yields };
}

/** The curves of a feed document, oldest first; an empty feed is an empty list. */
export function parseTreasuryFeed(text: string): DatedCurve[] {
  let document: { feed?: { entry?: unknown[] } | string };
  try {
    // `true`: validate first, so a truncated body is an error rather than a shorter feed.
    document = parser.parse(text, true);
  } catch (error) {
    throw new TreasuryFeedError(`not well-formed XML: ${(error as Error).message}`);
  }
  const feed = document.feed;
  if (feed === undefined) throw new TreasuryFeedError('not an Atom feed');
  const entries = typeof feed === 'object' ? (feed.entry ?? []) : [];
  const curves = entries.map(readEntry);
  // Tenors are listed in maturity order in the output whatever the feed's element order.
  for (const curve of curves)
    curve.yields = Object.fromEntries(
      TENORS.filter((tenor) => curve.yields[tenor] !== undefined).map((tenor) => [
        tenor,
        curve.yields[tenor],
      ]),
    );
  return curves.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
