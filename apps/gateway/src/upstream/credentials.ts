import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { AppError } from '@app/kit';
import type { Environment } from './upstream-types.js';

/** What an upstream needs as credentials: the fields of its set, and how a set is read from its file. */
export interface CredentialSpec {
  /** Fields every set must have, non-empty strings (`client_id`, `client_secret`, ...). */
  fields: readonly string[];
  /**
   * Reads the set from the path its variable names. Default: a JSON object of strings. An upstream whose key
   * material spans several files (PEM keys beside a JSON file) reads them here, relative to that path.
   */
  load?: (path: string) => Record<string, string>;
}

const REDACTED = '[credentials]';

/**
 * One credential set, immutable. Its values are reachable only through `get`, and it prints as
 * `[credentials]` in JSON, logs and `util.inspect`, so an accidental log line or error detail holding it
 * leaks nothing.
 */
export class CredentialSet {
  readonly #values: ReadonlyMap<string, string>;

  constructor(
    values: Record<string, string>,
    /** Increases with every swap, so a signer can tell its cached derivatives (a session token) are stale. */
    readonly version: number,
  ) {
    this.#values = new Map(Object.entries(values));
  }

  get(field: string): string {
    const value = this.#values.get(field);
    if (value === undefined) throw new Error(`credential field ${field} is not in this set`);
    return value;
  }

  toJSON(): string {
    return REDACTED;
  }

  toString(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}

/** The current set of one upstream and environment; read at each attempt, never held across a swap. */
export interface CredentialHandle {
  current(): CredentialSet | undefined;
  /** The current set, or 503 CREDENTIALS_NOT_CONFIGURED naming the variable to set. */
  require(): CredentialSet;
}

export function checkFields(spec: CredentialSpec, values: unknown, source: string): Record<string, string> {
  if (!values || typeof values !== 'object' || Array.isArray(values))
    throw new Error(`${source}: expected a JSON object of credential fields`);
  const record = values as Record<string, unknown>;
  const missing = spec.fields.filter((field) => typeof record[field] !== 'string' || record[field] === '');
  if (missing.length > 0) throw new Error(`${source}: missing or empty field(s) ${missing.join(', ')}`);
  const checked: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) if (typeof value === 'string') checked[key] = value;
  return checked;
}

/** Reads and checks a set from the file a variable names; the error names the variable, never a value. */
export function loadCredentialFile(
  spec: CredentialSpec,
  variable: string,
  path: string,
): Record<string, string> {
  let values: unknown;
  try {
    values = spec.load ? spec.load(path) : JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason =
      error instanceof SyntaxError ? 'not valid JSON' : ((error as { code?: string }).code ?? 'unreadable');
    throw new Error(`${variable}: cannot read credentials from ${path} (${reason})`);
  }
  return checkFields(spec, values, `${variable} (${path})`);
}

interface Slot {
  spec: CredentialSpec;
  /** The variable an operator sets, named in errors. */
  variable: string;
  set: CredentialSet | undefined;
}

/**
 * Credential sets per upstream and environment, swappable at run time (key rotation): a swap is seen by the
 * next attempt that asks for `current()`, while a request already signed keeps the set it was signed with.
 */
export class CredentialStore {
  readonly #slots = new Map<string, Slot>();
  #version = 0;

  register(upstream: string, environment: Environment, spec: CredentialSpec, variable: string): void {
    this.#slots.set(`${upstream}:${environment}`, { spec, variable, set: undefined });
  }

  /** Installs a new set after checking its fields; the old one is never used again by a new attempt. */
  swap(upstream: string, environment: Environment, values: Record<string, string>): CredentialSet {
    const slot = this.#slot(upstream, environment);
    const set = new CredentialSet(
      checkFields(slot.spec, values, `${upstream} (${environment})`),
      ++this.#version,
    );
    slot.set = set;
    return set;
  }

  handle(upstream: string, environment: Environment): CredentialHandle {
    const slot = this.#slot(upstream, environment);
    return {
      current: () => slot.set,
      require: () => {
        if (slot.set) return slot.set;
        throw new AppError(
          503,
          'CREDENTIALS_NOT_CONFIGURED',
          `${upstream} (${environment}) has no credentials: set ${slot.variable}`,
          { details: { upstream, environment, variable: slot.variable } },
        );
      },
    };
  }

  #slot(upstream: string, environment: Environment): Slot {
    const slot = this.#slots.get(`${upstream}:${environment}`);
    if (!slot) throw new Error(`${upstream} (${environment}) takes no credentials`);
    return slot;
  }
}
