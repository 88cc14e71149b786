/** The spec's Candle and Consensus candle records (timestamps are epoch ms of the bar's open, UTC). */
export interface Candle {
  timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface ConsensusCandle extends Candle {
  /** Number of exchanges that contributed to the bar. */
  sources: number;
  /** (max − min) / median of the contributing closes. */
  div_pct: number;
}
