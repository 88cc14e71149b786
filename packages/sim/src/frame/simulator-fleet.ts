import type { SimEnvironment, SimulatorDefinition } from '../simulator.js';
import { type LimitSettings, mergeLimitSettings, RateLimits } from './limits.js';
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
  /**
   * The venues' rate limits, over each simulator's own: on unless `enabled: false`; `rules` by bucket name
   * (each must belong to a started simulator). Each instance can still be switched and tuned on its own
   * (`instance.limits`).
   */
  limits?: LimitSettings;
}

const bucketsOf = (definition: SimulatorDefinition) => Object.keys(definition.limits?.rules ?? {});

/** The fleet's limit settings as far as they concern one definition's buckets. */
function limitsFor(definition: SimulatorDefinition, settings: LimitSettings | undefined): LimitSettings {
  const own = new Set(bucketsOf(definition));
  const rules = Object.entries(settings?.rules ?? {}).filter(([bucket]) => own.has(bucket));
  return {
    ...(settings?.enabled === undefined ? {} : { enabled: settings.enabled }),
    ...(rules.length > 0 ? { rules: Object.fromEntries(rules) } : {}),
  };
}

function checkBuckets(definitions: readonly SimulatorDefinition[], settings: LimitSettings | undefined) {
  const known = new Set(definitions.flatMap(bucketsOf));
  for (const bucket of Object.keys(settings?.rules ?? {}))
    if (!known.has(bucket))
      throw new Error(`no simulator has a rate-limit bucket ${bucket} (known: ${[...known].join(', ')})`);
}

export async function startSimulator(
  definition: SimulatorDefinition,
  { seed = 42, now = Date.now, host, limits }: SimulatorOptions = {},
): Promise<RunningSimulator> {
  checkBuckets([definition], limits);
  const settings = mergeLimitSettings({ enabled: definition.limits?.enabled }, limits);
  const start = (environment: SimEnvironment) =>
    startSimInstance(
      definition,
      {
        environment,
        seed: deriveSeed(seed, definition.name, environment),
        marketSeed: seed,
        now,
        limits: new RateLimits(definition.limits?.rules ?? {}, settings),
      },
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
  checkBuckets(definitions, options.limits);
  const simulators: RunningSimulator[] = [];
  try {
    for (const definition of definitions)
      simulators.push(
        await startSimulator(definition, { ...options, limits: limitsFor(definition, options.limits) }),
      );
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
