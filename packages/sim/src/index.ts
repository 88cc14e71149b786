export { simulators } from './catalog.js';
export { createOptxSimulator, optx } from './deribit/deribit-simulator.js';
export type { Fault, FaultKind, FaultRule } from './frame/faults.js';
export { FAULT_KINDS, FaultControl, MAINTENANCE_PAGE } from './frame/faults.js';
export { createRandom, deriveSeed } from './frame/seed.js';
export type { JournalEntry, SimInstance } from './frame/sim-instance.js';
export {
  type RunningSimulator,
  type SimulatorFleet,
  type SimulatorOptions,
  startSimulator,
  startSimulators,
} from './frame/simulator-fleet.js';
export { createPerpdexSimulator, perpdex } from './hyperliquid/hyperliquid-simulator.js';
export type { SimContext, SimEnvironment, SimulatorDefinition } from './simulator.js';
