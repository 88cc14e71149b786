import { optx } from './deribit/deribit-simulator.js';
import { perpdex } from './hyperliquid/hyperliquid-simulator.js';
import { broker } from './ibkr/ibkr-simulator.js';
import { treasury } from './macro/treasury/treasury-simulator.js';
import type { SimulatorDefinition } from './simulator.js';

/**
 * Every venue simulator the gateway's `sim` profile starts. A venue simulator
 * is registered by adding its definition here; its `name` must equal the
 * gateway's upstream name (`optx`, `perpdex`, `broker`, `macro`, `sentiment`).
 */
export const simulators: readonly SimulatorDefinition[] = [optx, perpdex, treasury, broker];
