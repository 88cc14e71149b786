import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Environment parsing. Each service declares its variables once as a map of
 * fields; `parseEnv` reads them all, collects every problem and throws one
 * ConfigError naming each bad variable, so a misconfigured deploy fails at
 * start with a message that says what to fix.
 */
export interface EnvField<T> {
  /** Turns the raw value (undefined when unset) into T, or throws a message. */
  parse(raw: string | undefined): T;
  /** The default as a user would write it, for docs; undefined when there is none. */
  readonly defaultText: string | undefined;
}

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function field<T>(defaultText: string | undefined, parse: (raw: string | undefined) => T): EnvField<T> {
  return { parse, defaultText };
}

/** Unset or blank means "use the default" for every non-string field. */
const blank = (raw: string | undefined): raw is undefined => raw === undefined || raw.trim() === '';

export function integer(defaultValue: number, range: { min?: number; max?: number } = {}): EnvField<number> {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = range;
  return field(String(defaultValue), (raw) => {
    if (blank(raw)) return defaultValue;
    const text = raw.trim();
    if (!/^-?\d+$/.test(text)) throw new Error(`expected an integer, got "${text}"`);
    const value = Number(text);
    if (value < min || value > max)
      throw new Error(`expected an integer from ${min} to ${max}, got ${value}`);
    return value;
  });
}

export const port = (defaultValue: number) => integer(defaultValue, { min: 0, max: 65535 });

export function boolean(defaultValue: boolean): EnvField<boolean> {
  return field(String(defaultValue), (raw) => {
    if (blank(raw)) return defaultValue;
    const text = raw.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(text)) return true;
    if (['false', '0', 'no', 'off'].includes(text)) return false;
    throw new Error(`expected true or false, got "${raw}"`);
  });
}

export function string(defaultValue: string): EnvField<string> {
  return field(defaultValue, (raw) => (raw === undefined ? defaultValue : raw.trim()));
}

/** A value that may be absent (credentials, optional URLs). Blank counts as absent. */
export function optional(): EnvField<string | undefined> {
  return field(undefined, (raw) => (blank(raw) ? undefined : raw.trim()));
}

export function oneOf<const T extends string>(values: readonly T[], defaultValue: T): EnvField<T> {
  return field(defaultValue, (raw) => {
    if (blank(raw)) return defaultValue;
    const text = raw.trim() as T;
    if (!values.includes(text)) throw new Error(`expected one of ${values.join(', ')}, got "${raw}"`);
    return text;
  });
}

export function url(protocols: readonly string[]): EnvField<string | undefined> {
  return field(undefined, (raw) => {
    if (blank(raw)) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(raw.trim());
    } catch {
      throw new Error('expected a URL');
    }
    if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
      throw new Error(`expected a URL with scheme ${protocols.join(' or ')}, got ${parsed.protocol}`);
    }
    return raw.trim();
  });
}

/** A directory the service writes to: created when missing, then checked for read and write access. */
export function writableDir(defaultValue: string): EnvField<string> {
  return field(defaultValue, (raw) => {
    const dir = resolve(blank(raw) ? defaultValue : raw.trim());
    try {
      mkdirSync(dir, { recursive: true });
      if (!statSync(dir).isDirectory()) throw new Error('not a directory');
      accessSync(dir, constants.R_OK | constants.W_OK);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new Error(`${dir} is not a readable and writable directory (${reason})`);
    }
    return dir;
  });
}

export type EnvSpec = Record<string, EnvField<unknown>>;
export type EnvValues<S extends EnvSpec> = {
  readonly [K in keyof S]: S[K] extends EnvField<infer T> ? T : never;
};

export function parseEnv<S extends EnvSpec>(spec: S, source: NodeJS.ProcessEnv): EnvValues<S> {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, envField] of Object.entries(spec)) {
    try {
      values[name] = envField.parse(source[name]);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(values) as EnvValues<S>;
}
