/**
 * The liquidation heat-map model (notes sentiment.md tool 8): a transparent estimate, not exchange data. New
 * open interest of each bar becomes clusters of long and short positions entered at the bar's typical price
 * with a spread of leverages; each cluster's liquidation price is the isolated-margin approximation
 * `p (1 ∓ 1/L ± mmr)`. Falling open interest closes clusters pro rata; a cluster whose level later trades is
 * gone (liquidated). Survivors are binned around the current mark.
 */
export interface HeatmapBar {
  timestamp: number;
  high: number;
  low: number;
  close: number;
  /** Open interest in USD at the bar. */
  oiUsd: number;
  /** Share of accounts long (0..1) at the bar. */
  longShare: number;
}

export interface HeatmapParams {
  /** Bin width in percent of the mark. */
  binPct: number;
  /** Bins cover mark ± rangePct percent. */
  rangePct: number;
  /** Leverage → weight (weights sum to 1). */
  leverageWeights: Record<string, number>;
  /** Maintenance margin rate, an average over tiers. */
  mmr: number;
}

export interface HeatmapBin {
  price_low: number;
  price_high: number;
  long_liq_usd: number;
  short_liq_usd: number;
  /** From the mark outward to this bin: longs below, shorts above. */
  cumulative_usd: number;
}

export interface Heatmap {
  bins: HeatmapBin[];
  total_long_usd: number;
  total_short_usd: number;
  top_long_clusters: { price: number; usd: number }[];
  top_short_clusters: { price: number; usd: number }[];
  /** The nearest bin holding at least 5 % of that side's total, its mid price. */
  nearest_major_long: number | null;
  nearest_major_short: number | null;
  clusters_alive: number;
}

interface Cluster {
  side: 'long' | 'short';
  price: number;
  usd: number;
  bornAt: number;
}

/** Runs the model over `bars` (oldest first) and bins the survivors around `mark`. */
export function liquidationHeatmap(
  bars: readonly HeatmapBar[],
  mark: number,
  params: HeatmapParams,
): Heatmap {
  let clusters: Cluster[] = [];
  const leverages = Object.entries(params.leverageWeights).map(
    ([lev, weight]) => [Number(lev), weight] as const,
  );
  for (let i = 1; i < bars.length; i++) {
    const bar = bars[i]!;
    const delta = bar.oiUsd - bars[i - 1]!.oiUsd;
    if (delta > 0) {
      const entry = (bar.high + bar.low + bar.close) / 3;
      for (const [leverage, weight] of leverages) {
        clusters.push({
          side: 'long',
          price: entry * (1 - 1 / leverage + params.mmr),
          usd: delta * bar.longShare * weight,
          bornAt: i,
        });
        clusters.push({
          side: 'short',
          price: entry * (1 + 1 / leverage - params.mmr),
          usd: delta * (1 - bar.longShare) * weight,
          bornAt: i,
        });
      }
    } else if (delta < 0) {
      const live = clusters.reduce((sum, cluster) => sum + cluster.usd, 0);
      const keep = live > 0 ? Math.max(0, 1 - -delta / live) : 0;
      for (const cluster of clusters) cluster.usd *= keep;
    }
    clusters = clusters.filter(
      (cluster) =>
        cluster.bornAt === i ||
        (cluster.side === 'long' ? cluster.price < bar.low : cluster.price > bar.high),
    );
  }
  return binClusters(clusters, mark, params);
}

function binClusters(clusters: readonly Cluster[], mark: number, params: HeatmapParams): Heatmap {
  const width = (mark * params.binPct) / 100;
  const count = Math.round((2 * params.rangePct) / params.binPct);
  const low = mark * (1 - params.rangePct / 100);
  const bins = Array.from({ length: count }, (_, k) => ({
    price_low: low + k * width,
    price_high: low + (k + 1) * width,
    long_liq_usd: 0,
    short_liq_usd: 0,
    cumulative_usd: 0,
  }));
  for (const cluster of clusters) {
    const k = Math.floor((cluster.price - low) / width);
    if (k < 0 || k >= count || cluster.usd <= 0) continue;
    if (cluster.side === 'long') bins[k]!.long_liq_usd += cluster.usd;
    else bins[k]!.short_liq_usd += cluster.usd;
  }
  const markBin = Math.floor((mark - low) / width);
  let cumulative = 0;
  for (let k = markBin; k >= 0; k--) bins[k]!.cumulative_usd = cumulative += bins[k]!.long_liq_usd;
  const totalLong = cumulative;
  cumulative = 0;
  for (let k = markBin; k < count; k++) {
    cumulative += bins[k]!.short_liq_usd;
    if (k > markBin) bins[k]!.cumulative_usd = cumulative;
  }
  const totalShort = cumulative;
  const mid = (bin: HeatmapBin) => (bin.price_low + bin.price_high) / 2;
  const top = (side: 'long_liq_usd' | 'short_liq_usd') =>
    bins
      .filter((bin) => bin[side] > 0)
      .sort((a, b) => b[side] - a[side])
      .slice(0, 5)
      .map((bin) => ({ price: mid(bin), usd: bin[side] }));
  const below = bins.slice(0, markBin + 1).reverse();
  const above = bins.slice(markBin);
  const majorLong = below.find((bin) => totalLong > 0 && bin.long_liq_usd >= 0.05 * totalLong);
  const majorShort = above.find((bin) => totalShort > 0 && bin.short_liq_usd >= 0.05 * totalShort);
  return {
    bins: bins.filter((bin) => bin.long_liq_usd > 0 || bin.short_liq_usd > 0),
    total_long_usd: totalLong,
    total_short_usd: totalShort,
    top_long_clusters: top('long_liq_usd'),
    top_short_clusters: top('short_liq_usd'),
    nearest_major_long: majorLong ? mid(majorLong) : null,
    nearest_major_short: majorShort ? mid(majorShort) : null,
    clusters_alive: clusters.filter((cluster) => cluster.usd > 0).length,
  };
}
