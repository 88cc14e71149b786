import type { SimEnvironment, SimulatorDefinition } from '../simulator.js';
import { deriveSeed } from './seed.js';
import { type SimInstance, startSimInstance } from './sim-instance.js';

/** A simulator running as two instances, test and live, that never share state. */
export interface RunningSimulator {
  readonly name: string;
  readonly test: SimInstance;
  readonly live: SimInstance;
  instance(environment: SimEnvironment): SimInstance;
  close(): Promise<void>;
}

export interface SimulatorOptions {
  /** Base seed; each simulator and environment derives its own from it. */
  seed?: number;
  /** The simulators' clock; tests may pin it. */
  now?: () => number;
  host?: string;
}

export async function startSimulator(
  definition: SimulatorDefinition,
  { seed = 42, now = Date.now, host }: SimulatorOptions = {},
): Promise<RunningSimulator> {
  const start = (environment: SimEnvironment) =>
    startSimInstance(
      definition,
      { environment, seed: deriveSeed(seed, definition.name, environment), marketSeed: seed, now },
      host,
    );
  const [test, live] = await Promise.all([start('test'), start('live')]);
  return {
    name: definition.name,
    test,
    live,
    instance: (environment) => (environment === 'test' ? test : live),
    close: async () => {
      await Promise.all([test.close(), live.close()]);
    },
  };
}

/** Every registered simulator, started together and closed together. */
export interface SimulatorFleet {
  readonly simulators: readonly RunningSimulator[];
  get(name: string): RunningSimulator | undefined;
  close(): Promise<void>;
}

export async function startSimulators(
  definitions: readonly SimulatorDefinition[],
  options: SimulatorOptions = {},
): Promise<SimulatorFleet> {
  const names = new Set<string>();
  for (const definition of definitions) {
    if (names.has(definition.name)) throw new Error(`two simulators are named ${definition.name}`);
    names.add(definition.name);
  }
  const simulators: RunningSimulator[] = [];
  try {
    for (const definition of definitions) simulators.push(await startSimulator(definition, options));
  } catch (error) {
    await Promise.all(simulators.map((simulator) => simulator.close()));
    throw error;
  }
  return {
    simulators,
    get: (name) => simulators.find((simulator) => simulator.name === name),
    close: async () => {
      await Promise.all(simulators.map((simulator) => simulator.close()));
    },
  };
}
