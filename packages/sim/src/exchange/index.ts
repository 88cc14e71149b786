export type { LedgerEntry, Position } from './accounts.js';
export {
  type CancelOutcome,
  type Clock,
  ExchangeCore,
  type ExchangeCoreOptions,
  type Placement,
} from './exchange-core.js';
export {
  averageEntry,
  checkInstrument,
  contractValue,
  type Instrument,
  positionPnl,
  type Settlement,
} from './instrument.js';
export { type AccountSummary, liquidationPrice, type PositionView } from './margin.js';
export {
  type ManualFeed,
  type MarketFeed,
  manualFeed,
  type PathFeedOptions,
  premiumFunding,
  pricePathFeed,
} from './market-feed.js';
export type {
  CancelReason,
  Fill,
  Order,
  OrderRequest,
  OrderState,
  PostOnly,
  PriceReference,
  RejectReason,
  Side,
  StateChange,
  TimeInForce,
  Trigger,
} from './order.js';
export type { CoreEvent } from './order-engine.js';
export { onGrid, snap } from './steps.js';
export { DEFAULT_DEPTH, type DepthShape, type Level } from './synthetic-depth.js';
export { triggerCrossed } from './validation.js';
