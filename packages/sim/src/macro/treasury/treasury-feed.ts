import { businessDays, dayNumber, isoDay } from '../calendar-days.js';
import { parCurve, type Tenor } from '../us-rates.js';

/**
 * The daily par yield curve as Treasury's OData-style Atom feed writes it (notes macro.md U3.2): the Atom
 * envelope, one `<entry>` per business day with `m:properties` of `d:` elements, values in percent. The
 * feed's history quirks are reproduced, because a client must survive them: points that did not exist yet
 * are absent (1.5M before 2025-02-18, 2M before 2018-10-16, 4M before 2022-10-19, 20Y before 1993-10-01),
 * 30Y is absent while its issuance was suspended, a few entries leave out 1.5M or carry an empty
 * `m:null="true"` 30Y, and entries before 2020 re-declare `xmlns:d` on every element as older captures do.
 */

const ATOM = 'http://www.w3.org/2005/Atom';
const D = 'http://schemas.microsoft.com/ado/2007/08/dataservices';
const M = 'http://schemas.microsoft.com/ado/2007/08/dataservices/metadata';
export const FEED_URL =
  'https://home.treasury.gov/resource-center/data-chart-center/interest-rates/pages/xml';

export const FIRST_DAY = dayNumber('1990-01-02');
/** Entries per page of `field_tdr_date_value=all`. */
export const PAGE_SIZE = 300;

const ELEMENTS: [Tenor, string][] = [
  ['1M', 'BC_1MONTH'],
  ['1.5M', 'BC_1_5MONTH'],
  ['2M', 'BC_2MONTH'],
  ['3M', 'BC_3MONTH'],
  ['4M', 'BC_4MONTH'],
  ['6M', 'BC_6MONTH'],
  ['1Y', 'BC_1YEAR'],
  ['2Y', 'BC_2YEAR'],
  ['3Y', 'BC_3YEAR'],
  ['5Y', 'BC_5YEAR'],
  ['7Y', 'BC_7YEAR'],
  ['10Y', 'BC_10YEAR'],
  ['20Y', 'BC_20YEAR'],
  ['30Y', 'BC_30YEAR'],
];

const SINCE: Partial<Record<Tenor, number>> = {
  '1.5M': dayNumber('2025-02-18'),
  '2M': dayNumber('2018-10-16'),
  '4M': dayNumber('2022-10-19'),
  '20Y': dayNumber('1993-10-01'),
};
const NO_30Y = [dayNumber('2002-02-15'), dayNumber('2006-02-09')] as const;
const INLINE_NAMESPACES_UNTIL = dayNumber('2020-01-01');

type Point = { value: number } | 'absent' | 'null';

function point(seed: number, day: number, tenor: Tenor, value: number): Point {
  const since = SINCE[tenor];
  if (since !== undefined && day < since) return 'absent';
  if (tenor === '30Y' && day >= NO_30Y[0] && day <= NO_30Y[1]) return 'absent';
  // The injected oddities: a day now and then without the 6-week bill, or with an empty 30-year element.
  if (tenor === '1.5M' && (day + seed) % 23 === 0) return 'absent';
  if (tenor === '30Y' && (day + seed) % 29 === 0) return 'null';
  return { value };
}

function entry(seed: number, day: number): string {
  const id = day - FIRST_DAY + 1;
  const date = isoDay(day);
  const ns = day < INLINE_NAMESPACES_UNTIL ? ` xmlns:d="${D}"` : '';
  const curve = parCurve(seed, day);
  const lines = [
    `        <d:Id${ns} m:type="Edm.Int32">${id}</d:Id>`,
    `        <d:NEW_DATE${ns} m:type="Edm.DateTime">${date}T00:00:00</d:NEW_DATE>`,
  ];
  let thirty: Point = 'absent';
  for (const [tenor, element] of ELEMENTS) {
    const value = point(seed, day, tenor, curve[tenor]);
    if (tenor === '30Y') thirty = value;
    if (value === 'absent') continue;
    lines.push(
      value === 'null'
        ? `        <d:${element}${ns} m:type="Edm.Double" m:null="true" />`
        : `        <d:${element}${ns} m:type="Edm.Double">${value.value.toFixed(2)}</d:${element}>`,
    );
  }
  if (typeof thirty === 'object')
    lines.push(
      `        <d:BC_30YEARDISPLAY${ns} m:type="Edm.Double">${thirty.value.toFixed(2)}</d:BC_30YEARDISPLAY>`,
    );
  return `  <entry>
    <id>${FEED_URL}(${id})</id>
    <title type="text"></title>
    <updated>${date}T22:00:00Z</updated>
    <author><name /></author>
    <link rel="edit" title="DailyTreasuryYieldCurveRateDatum" href="DailyTreasuryYieldCurveRateData(${id})" />
    <category term="TreasuryDataWarehouseModel.DailyTreasuryYieldCurveRateDatum" scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme" />
    <content type="application/xml">
      <m:properties>
${lines.join('\n')}
      </m:properties>
    </content>
  </entry>`;
}

/** The feed document for these days. */
export function renderFeed(seed: number, days: readonly number[], updatedIso: string): string {
  return `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<feed xml:base="${FEED_URL}" xmlns="${ATOM}" xmlns:d="${D}" xmlns:m="${M}">
  <title type="text">DailyTreasuryYieldCurveRateData</title>
  <id>${FEED_URL}</id>
  <updated>${updatedIso}</updated>
  <link rel="self" title="DailyTreasuryYieldCurveRateData" href="DailyTreasuryYieldCurveRateData" />
${days.map((day) => entry(seed, day)).join('\n')}
</feed>
`;
}

/** The business days a query selects, up to `lastDay` (the newest published curve). */
export function selectDays(
  query: { year?: number; month?: { year: number; month: number }; page?: number },
  lastDay: number,
): number[] {
  if (query.year !== undefined) {
    const first = Math.max(FIRST_DAY, dayNumber(`${query.year}-01-01`));
    return businessDays(first, Math.min(lastDay, dayNumber(`${query.year}-12-31`)));
  }
  if (query.month !== undefined) {
    const { year, month } = query.month;
    const first = Math.max(FIRST_DAY, Date.UTC(year, month - 1, 1) / 86_400_000);
    const last = Math.min(lastDay, Date.UTC(year, month, 0) / 86_400_000);
    return businessDays(first, last);
  }
  const page = query.page ?? 0;
  return businessDays(FIRST_DAY, lastDay).slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
}
