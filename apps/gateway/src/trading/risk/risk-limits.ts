import { readFileSync } from 'node:fs';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Environment } from '../../upstream/upstream-types.js';

/**
 * Pre-trade limits per environment and bot tag (docs/configuration.md, RISK_LIMITS_FILE). Money figures are in
 * the venue account's quote currency (USD on all three venues). Every field is optional: an absent one does not
 * limit. A bot's limits are its environment's `defaults` with the first matching entry of `bots` laid over them
 * field by field (an exact tag before any glob; globs in file order).
 */
export const LimitsSchema = Type.Object(
  {
    max_order_notional: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, description: 'One order, valued where it can fill' }),
    ),
    max_position_notional: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description: 'The account position on one instrument after the order, orders in flight included',
      }),
    ),
    max_venue_notional: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description:
          'The account gross open notional on one venue after the order, orders in flight included',
      }),
    ),
    max_open_orders: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Working orders this bot placed, per venue' }),
    ),
    orders_per_minute: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Order writes in any 60 s, shared by every instance' }),
    ),
    max_daily_loss: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description: 'Equity lost since 00:00 UTC on a venue account; crossing it halts the bot',
      }),
    ),
    venues: Type.Optional(
      Type.Array(Type.Union([Type.Literal('optx'), Type.Literal('perpdex'), Type.Literal('broker')]), {
        description: 'Allow-list of venues; absent: all',
      }),
    ),
    instruments: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 1000,
        description: 'Allow-list of instruments (globs: BTC-*); absent: all',
      }),
    ),
    dry_run: Type.Optional(
      Type.Boolean({
        description: 'Validate, check and audit, answer the request that would be sent; send nothing',
      }),
    ),
  },
  { additionalProperties: false },
);
export type Limits = Static<typeof LimitsSchema>;

const EnvironmentLimitsSchema = Type.Object(
  {
    defaults: Type.Optional(LimitsSchema),
    /** By bot tag: an exact tag or a glob (`*` any run of characters, `?` one). */
    bots: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 64 }), LimitsSchema)),
  },
  { additionalProperties: false },
);

export const LimitsFileSchema = Type.Object(
  { test: Type.Optional(EnvironmentLimitsSchema), live: Type.Optional(EnvironmentLimitsSchema) },
  { additionalProperties: false },
);
export type LimitsFile = Static<typeof LimitsFileSchema>;

/** The largest limits file read (a few thousand bots). */
const MAX_FILE_BYTES = 1024 * 1024;

/** Reads and validates RISK_LIMITS_FILE; errors name the file, line and field. */
export function readLimitsFile(path: string): LimitsFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`RISK_LIMITS_FILE: cannot read ${path}: ${(error as Error).message}`);
  }
  if (Buffer.byteLength(text) > MAX_FILE_BYTES)
    throw new Error(`RISK_LIMITS_FILE: ${path} is larger than ${MAX_FILE_BYTES} bytes`);
  return parseLimits(text, path);
}

/** JSON or YAML (JSON is YAML): the first problem as `file:line: field: message`. */
export function parseLimits(text: string, name: string): LimitsFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const line = lines.linePos(syntax.pos[0]).line;
    throw new Error(`RISK_LIMITS_FILE ${name}:${line}: ${syntax.message.split('\n')[0]}`);
  }
  const value = doc.toJS() ?? {};
  const problem = Value.Errors(LimitsFileSchema, value).First();
  if (problem) {
    const path = problem.path.split('/').filter(Boolean);
    const line = lines.linePos(offsetOf(doc.contents, path)).line;
    const field = path.join('.') || '(top)';
    throw new Error(`RISK_LIMITS_FILE ${name}:${line}: ${field}: ${problem.message}`);
  }
  return value as LimitsFile;
}

/** Where the deepest existing node on `path` starts, for the line of a validation error. */
function offsetOf(node: unknown, path: string[]): number {
  let current = node;
  let offset = rangeStart(node);
  for (const segment of path) {
    let next: unknown;
    if (isMap(current)) {
      const pair = current.items.find((item) => isScalar(item.key) && String(item.key.value) === segment);
      if (pair) {
        offset = rangeStart(pair.key) ?? offset;
        next = pair.value;
      }
    } else if (isSeq(current)) next = current.items[Number(segment)];
    if (next === undefined || next === null) break;
    current = next;
    offset = rangeStart(next) ?? offset;
  }
  return offset ?? 0;
}

const rangeStart = (node: unknown): number | undefined =>
  (node as { range?: [number, number, number] } | null)?.range?.[0];

/** A bot tag glob as a whole-string match: `*` any run, `?` one character, everything else literal. */
export function globMatcher(pattern: string): (value: string) => boolean {
  if (!/[*?]/.test(pattern)) return (value) => value === pattern;
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  const regex = new RegExp(`^${source}$`, 'su');
  return (value) => regex.test(value);
}

interface BotRule {
  pattern: string;
  matches: (tag: string) => boolean;
  limits: Limits;
}

/** Each environment's defaults and bot rules, resolved per tag and kept (a bounded number of tags). */
export class RiskLimits {
  readonly #rules = new Map<
    Environment,
    { defaults: Limits; exact: Map<string, Limits>; globs: BotRule[] }
  >();
  readonly #resolved = new Map<string, { limits: Limits; rule: string | null }>();

  constructor(readonly file: LimitsFile) {
    for (const environment of ['test', 'live'] as const) {
      const entry = file[environment] ?? {};
      const exact = new Map<string, Limits>();
      const globs: BotRule[] = [];
      for (const [pattern, limits] of Object.entries(entry.bots ?? {})) {
        if (/[*?]/.test(pattern)) globs.push({ pattern, matches: globMatcher(pattern), limits });
        else exact.set(pattern, limits);
      }
      this.#rules.set(environment, { defaults: entry.defaults ?? {}, exact, globs });
    }
  }

  /** The limits in force for a bot, and the `bots` entry that set them (null: the defaults alone). */
  forBot(environment: Environment, botTag: string): { limits: Limits; rule: string | null } {
    const key = `${environment}\u0000${botTag}`;
    let found = this.#resolved.get(key);
    if (!found) {
      const rules = this.#rules.get(environment)!;
      const exact = rules.exact.get(botTag);
      const glob = exact ? undefined : rules.globs.find((rule) => rule.matches(botTag));
      const own = exact ?? glob?.limits;
      found = {
        limits: own ? { ...rules.defaults, ...own } : rules.defaults,
        rule: exact ? botTag : (glob?.pattern ?? null),
      };
      if (this.#resolved.size >= 10_000) this.#resolved.clear();
      this.#resolved.set(key, found);
    }
    return found;
  }

  /** The environment's defaults and its bot rules as written, for GET /admin/risk. */
  describe(environment: Environment): { defaults: Limits; bots: Record<string, Limits> } {
    const entry = this.file[environment] ?? {};
    return { defaults: entry.defaults ?? {}, bots: entry.bots ?? {} };
  }
}

/** RISK_LIMITS_FILE when set, else no limits (the sandbox trades; the leverage caps still hold). */
export function loadRiskLimits(path: string | undefined): RiskLimits {
  return new RiskLimits(path ? readLimitsFile(path) : {});
}
