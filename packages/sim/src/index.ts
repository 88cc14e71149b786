export { simulators } from './catalog.js';
export { creditBucket, DERIBIT_LIMITS } from './deribit/deribit-credits.js';
export {
  createOptxSimulator,
  type OptxSimOptions,
  optx,
  optxRateLimitFault,
} from './deribit/deribit-simulator.js';
export * from './exchange/index.js';
export { SimClock } from './frame/clock.js';
export type { Fault, FaultKind, FaultRule } from './frame/faults.js';
export { FAULT_KINDS, FaultControl, MAINTENANCE_PAGE } from './frame/faults.js';
export {
  type LimitRule,
  type LimitRules,
  type LimitSettings,
  type LimitStats,
  RateLimits,
  type RefusalFilter,
} from './frame/limits.js';
export { createRandom, deriveSeed } from './frame/seed.js';
export type { JournalEntry, SimInstance } from './frame/sim-instance.js';
export {
  type RunningSimulator,
  type SimulatorFleet,
  type SimulatorOptions,
  startSimulator,
  startSimulators,
} from './frame/simulator-fleet.js';
export { type WebSocketHandler, WebSocketRoutes } from './frame/websocket-routes.js';
export {
  createPerpdexSimulator,
  type PerpdexSimOptions,
  perpdex,
  perpdexRateLimitFault,
} from './hyperliquid/hyperliquid-simulator.js';
export {
  exchangeWeight,
  HYPERLIQUID_LIMITS,
  infoWeight,
  itemsWeight,
} from './hyperliquid/hyperliquid-weights.js';
export { type BrokerSimOptions, broker, createBrokerSimulator } from './ibkr/ibkr-simulator.js';
export { TREASURY_XML_PATH, treasury } from './macro/treasury/treasury-simulator.js';
export { parCurve, type Tenor as SimTenor } from './macro/us-rates.js';
export {
  type DeskOrder,
  type OrderDeskOptions,
  orderDeskSimulator,
} from './order-desk/order-desk-simulator.js';
export type { SimContext, SimEnvironment, SimInstanceSettings, SimulatorDefinition } from './simulator.js';
