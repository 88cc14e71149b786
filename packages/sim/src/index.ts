export type { SimContext, SimEnvironment, SimulatorDefinition } from './simulator.js';
