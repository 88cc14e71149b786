import { bodyValidator } from '@app/kit';
import { type TSchema, Type } from '@sinclair/typebox';
import fastJsonStringify from 'fast-json-stringify';
import { DryRunAnswerSchema } from '../trading/risk/dry-run.js';
import { ENVIRONMENTS } from '../upstream/upstream-registry.js';
import type { Environment } from '../upstream/upstream-types.js';
import type { FrameDeps } from './call-context.js';
import type { FrameFields, ToolAnswer } from './invoke.js';
import { memoizedIsoTimestamp } from './iso-timestamp.js';
import { listsAsArrays } from './lazy-list.js';
import type { AnyNamespace, AnyTool } from './tool.js';
import { toolResponseSchema } from './tool-schemas.js';

const NAMESPACE_NAME = /^mcp(-[a-z0-9]+)*$/;
const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** One tool ready to be invoked: everything a call needs that does not change between calls. */
export interface RegisteredTool {
  namespace: AnyNamespace;
  tool: AnyTool;
  /** Applies defaults and removes unknown fields in place, or throws 422 naming the field. */
  validate(input: unknown): void;
  /** The tool's output schema with the frame's fields, for serialization and docs. */
  output: TSchema;
  clients(environment: Environment): unknown;
  /** ISO 8601 of `obtainedAt`, remembered per tool (cached tools answer many calls with one time). */
  isoTimestamp(epochMs: number): string;
  /**
   * The answer as UTF-8 JSON: the data serialized once per data object (see answerBytes), then the frame. Lazy
   * lists are made arrays here, so every transport hands over the answer as `invoke` gave it.
   */
  render(answer: ToolAnswer): Buffer;
}

/**
 * Every namespace and tool of the app, checked and prepared once at start: names, input validators,
 * response schemas with the frame fields, and each namespace's clients per environment. Every transport
 * (HTTP routes, MCP) serves from this one registry.
 */
export class ToolRegistry {
  readonly namespaces: readonly AnyNamespace[];
  readonly #tools = new Map<string, RegisteredTool>();

  constructor(namespaces: readonly AnyNamespace[], deps: Pick<FrameDeps, 'registry' | 'profile'>) {
    const seen = new Set<string>();
    for (const namespace of namespaces) {
      if (!NAMESPACE_NAME.test(namespace.name))
        throw new Error(`namespace ${namespace.name} must be mcp or mcp-<name>`);
      if (seen.has(namespace.name)) throw new Error(`namespace ${namespace.name} is declared twice`);
      seen.add(namespace.name);
    }
    this.namespaces = namespaces;
    const simulated = deps.profile === 'sim';
    for (const namespace of namespaces) {
      const clients = Object.fromEntries(
        ENVIRONMENTS.map((environment) => [
          environment,
          namespace.clients({
            environment,
            client: (spec) => deps.registry.client(spec, environment),
            has: (spec) => deps.registry.has(spec.name),
            lifecycle: deps.registry.lifecycle,
          }),
        ]),
      ) as Record<Environment, unknown>;
      for (const tool of namespace.tools) {
        const key = `${namespace.name}/${tool.name}`;
        if (!TOOL_NAME.test(tool.name)) throw new Error(`tool ${key}: name must be snake_case`);
        if (this.#tools.has(key)) throw new Error(`tool ${key} is declared twice`);
        this.#tools.set(key, {
          namespace,
          tool,
          validate: bodyValidator(tool.input),
          output: toolResponseSchema(
            // A write answers its own shape, or a dry run's (trading/risk/dry-run.ts).
            tool.kind === 'write' ? Type.Union([tool.output, DryRunAnswerSchema]) : tool.output,
            namespace.testnetFlag,
            simulated,
            tool.kind === 'write',
          ),
          clients: (environment) => clients[environment],
          isoTimestamp: memoizedIsoTimestamp(),
          render: answerBytes(tool.output),
        });
      }
    }
  }

  /** The tools of one namespace, in declaration order. */
  toolsOf(namespace: string): RegisteredTool[] {
    return [...this.#tools.values()].filter((entry) => entry.namespace.name === namespace);
  }
}

/**
 * Serializes answers with the tool's output schema (fields outside it are left out, as the route's
 * serializer would), once per data object and frame: a tool answering many calls from one cached answer (a
 * listing a bot polls) pays for its JSON and its UTF-8 encoding once per cache entry, not once per call;
 * the calls of one entry share its data_timestamp, so they share the bytes too. The frame's fields go after
 * the data's; JSON objects have no order.
 */
function answerBytes(output: TSchema): (answer: ToolAnswer) => Buffer {
  const serialize = fastJsonStringify(output) as (data: unknown) => string;
  const rendered = new WeakMap<object, { text: string; fields: string; bytes: Buffer }>();
  return (answer) => {
    const { frame } = answer;
    // The answer itself, not a copy with the arrays (`{ ...answer, data }`): its data object is the cache key.
    const data = listsAsArrays(answer.data);
    const fields = frameText(frame);
    const last = rendered.get(data);
    if (last?.fields === fields) return last.bytes;
    const text = last?.text ?? serialize(data);
    const bytes = Buffer.from(text === '{}' ? `{${fields}}` : `${text.slice(0, -1)},${fields}}`);
    rendered.set(data, { text, fields, bytes });
    return bytes;
  };
}

function frameText(frame: FrameFields): string {
  let text = `"data_timestamp":"${frame.data_timestamp}"`;
  if (frame.stale) text += ',"stale":true';
  if (frame.reconciled) text += ',"reconciled":true';
  if (frame.resent) text += ',"resent":true';
  if (frame.testnet !== undefined) text += `,"testnet":${frame.testnet}`;
  if (frame.simulated) text += ',"simulated":true';
  return text;
}
