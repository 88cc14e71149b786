export { createOptxSimulator, optx } from './deribit/deribit-simulator.js';
export { createPerpdexSimulator, perpdex } from './hyperliquid/hyperliquid-simulator.js';
export type { SimContext, SimEnvironment, SimulatorDefinition } from './simulator.js';
