import { describe, expect, it } from 'vitest';
import { parseTreasuryFeed, TreasuryFeedError } from './treasury-xml.js';

const D = 'http://schemas.microsoft.com/ado/2007/08/dataservices';
const M = 'http://schemas.microsoft.com/ado/2007/08/dataservices/metadata';

const feed = (entries: string) => `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<feed xml:base="https://home.treasury.gov/resource-center/data-chart-center/interest-rates/pages/xml"
      xmlns="http://www.w3.org/2005/Atom" xmlns:d="${D}" xmlns:m="${M}">
  <title type="text">DailyTreasuryYieldCurveRateData</title>
  <updated>2025-06-16T14:00:00Z</updated>
  <link rel="self" title="DailyTreasuryYieldCurveRateData" href="DailyTreasuryYieldCurveRateData" />
${entries}
</feed>`;

const entry = (properties: string) => `<entry>
    <id>https://home.treasury.gov/resource-center/data-chart-center/interest-rates/pages/xml(8952)</id>
    <title type="text"></title>
    <author><name /></author>
    <category term="TreasuryDataWarehouseModel.DailyTreasuryYieldCurveRateDatum"
              scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme" />
    <content type="application/xml"><m:properties>${properties}</m:properties></content>
  </entry>`;

// The notes' example (macro.md, simulator notes): the second entry has no BC_1_5MONTH and an empty 30Y.
const JUNE_12 = entry(`
        <d:Id m:type="Edm.Int32">8952</d:Id>
        <d:NEW_DATE m:type="Edm.DateTime">2025-06-12T00:00:00</d:NEW_DATE>
        <d:BC_1MONTH m:type="Edm.Double">4.26</d:BC_1MONTH>
        <d:BC_1_5MONTH m:type="Edm.Double">4.28</d:BC_1_5MONTH>
        <d:BC_2MONTH m:type="Edm.Double">4.33</d:BC_2MONTH>
        <d:BC_3MONTH m:type="Edm.Double">4.41</d:BC_3MONTH>
        <d:BC_4MONTH m:type="Edm.Double">4.39</d:BC_4MONTH>
        <d:BC_6MONTH m:type="Edm.Double">4.31</d:BC_6MONTH>
        <d:BC_1YEAR m:type="Edm.Double">4.07</d:BC_1YEAR>
        <d:BC_2YEAR m:type="Edm.Double">3.95</d:BC_2YEAR>
        <d:BC_3YEAR m:type="Edm.Double">3.94</d:BC_3YEAR>
        <d:BC_5YEAR m:type="Edm.Double">3.99</d:BC_5YEAR>
        <d:BC_7YEAR m:type="Edm.Double">4.15</d:BC_7YEAR>
        <d:BC_10YEAR m:type="Edm.Double">4.36</d:BC_10YEAR>
        <d:BC_20YEAR m:type="Edm.Double">4.86</d:BC_20YEAR>
        <d:BC_30YEAR m:type="Edm.Double">4.84</d:BC_30YEAR>`);
const JUNE_13 = entry(`
        <d:Id m:type="Edm.Int32">8953</d:Id>
        <d:NEW_DATE m:type="Edm.DateTime">2025-06-13T00:00:00</d:NEW_DATE>
        <d:BC_1MONTH m:type="Edm.Double">4.25</d:BC_1MONTH>
        <d:BC_2MONTH m:type="Edm.Double">4.33</d:BC_2MONTH>
        <d:BC_3MONTH m:type="Edm.Double">4.42</d:BC_3MONTH>
        <d:BC_4MONTH m:type="Edm.Double">4.40</d:BC_4MONTH>
        <d:BC_6MONTH m:type="Edm.Double">4.32</d:BC_6MONTH>
        <d:BC_1YEAR m:type="Edm.Double">4.08</d:BC_1YEAR>
        <d:BC_2YEAR m:type="Edm.Double">3.96</d:BC_2YEAR>
        <d:BC_3YEAR m:type="Edm.Double">3.95</d:BC_3YEAR>
        <d:BC_5YEAR m:type="Edm.Double">4.01</d:BC_5YEAR>
        <d:BC_7YEAR m:type="Edm.Double">4.19</d:BC_7YEAR>
        <d:BC_10YEAR m:type="Edm.Double">4.41</d:BC_10YEAR>
        <d:BC_20YEAR m:type="Edm.Double">4.90</d:BC_20YEAR>
        <d:BC_30YEAR m:type="Edm.Double" m:null="true" />`);

describe('parseTreasuryFeed', () => {
  it("reads the notes' example: numbers as numbers, an absent and an m:null tenor both missing", () => {
    const curves = parseTreasuryFeed(feed(`${JUNE_12}\n${JUNE_13}`));
    expect(curves.map((curve) => curve.date)).toEqual(['2025-06-12', '2025-06-13']);
    expect(curves[0]!.yields['1.5M']).toBe(4.28);
    expect(curves[1]!.yields).toEqual({
      '1M': 4.25,
      '2M': 4.33,
      '3M': 4.42,
      '4M': 4.4,
      '6M': 4.32,
      '1Y': 4.08,
      '2Y': 3.96,
      '3Y': 3.95,
      '5Y': 4.01,
      '7Y': 4.19,
      '10Y': 4.41,
      '20Y': 4.9,
    });
  });

  it('reads older captures that re-declare xmlns:d on every element, and another prefix for the same URI', () => {
    const inline = entry(`
      <d:NEW_DATE xmlns:d="${D}" m:type="Edm.DateTime">2005-03-01T00:00:00</d:NEW_DATE>
      <d:BC_10YEAR xmlns:d="${D}" m:type="Edm.Double">4.38</d:BC_10YEAR>
      <x:BC_2YEAR xmlns:x="${D}" m:type="Edm.Double">3.60</x:BC_2YEAR>
      <d:BC_30YEAR xmlns:d="${D}" m:type="Edm.Double" m:null="true"></d:BC_30YEAR>`);
    expect(parseTreasuryFeed(feed(inline))).toEqual([
      { date: '2005-03-01', yields: { '2Y': 3.6, '10Y': 4.38 } },
    ]);
  });

  it('sorts entries by date, and leaves out BC_30YEARDISPLAY and tenors it does not know', () => {
    const later = entry(`<d:NEW_DATE>2025-06-13T00:00:00</d:NEW_DATE><d:BC_10YEAR>4.41</d:BC_10YEAR>
      <d:BC_30YEARDISPLAY>4.90</d:BC_30YEARDISPLAY><d:BC_15YEAR>4.6</d:BC_15YEAR>`);
    const earlier = entry('<d:NEW_DATE>2025-06-12T00:00:00</d:NEW_DATE><d:BC_10YEAR>4.36</d:BC_10YEAR>');
    expect(parseTreasuryFeed(feed(`${later}${earlier}`))).toEqual([
      { date: '2025-06-12', yields: { '10Y': 4.36 } },
      { date: '2025-06-13', yields: { '10Y': 4.41 } },
    ]);
  });

  it('reads a feed without entries (a new year before its first curve) as no curves', () => {
    expect(parseTreasuryFeed(feed(''))).toEqual([]);
  });

  it('refuses an HTML page, a truncated document and an entry without a date', () => {
    expect(() => parseTreasuryFeed('<html><body>Service unavailable</body></html>')).toThrow(
      TreasuryFeedError,
    );
    expect(() => parseTreasuryFeed(feed(JUNE_12).slice(0, 900))).toThrow(TreasuryFeedError);
    expect(() => parseTreasuryFeed(feed(entry('<d:BC_10YEAR>4.41</d:BC_10YEAR>')))).toThrow(
      TreasuryFeedError,
    );
  });
});
