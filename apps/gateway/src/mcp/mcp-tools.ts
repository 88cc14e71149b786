import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { TSchema } from '@sinclair/typebox';
import type { RegisteredTool, ToolRegistry } from '../tools/tool-registry.js';

/**
 * Separates namespace and tool in the names of the endpoint that serves every namespace (`mcp-optx__get_ticker`).
 * Two underscores: tool names are snake_case and namespaces kebab-case, so the split is never ambiguous, and the
 * result stays within `^[a-zA-Z0-9_-]{1,64}$`, the name pattern the large model APIs accept for tools.
 */
export const NAMESPACE_SEPARATOR = '__';

/** One MCP endpoint's tools: the listing (made once at start) and the registry entry behind each name. */
export interface McpToolSet {
  list: McpTool[];
  byName: Map<string, RegisteredTool>;
}

/**
 * MCP demands an object at the root of `outputSchema`. A tool whose answer is a union of objects
 * (get_historical: one exchange or a consensus) gets `type: object` beside its `anyOf`: every member is
 * an object, so the schema accepts exactly what it did.
 */
function objectRooted(schema: TSchema): McpTool['outputSchema'] {
  const json = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  return (json.type === 'object' ? json : { type: 'object', ...json }) as McpTool['outputSchema'];
}

const WRITE_NOTE =
  'Write: audited; sent to the venue once under a client order id; refused above the leverage cap, outside ' +
  'the price collar or past this bot’s limits (get_risk_status shows them); a dry-run bot gets the request back. ' +
  'An Idempotency-Key (HTTP header, or _meta "idempotency_key") makes a retry answer the first result.';

/** A registry entry as an MCP tool; `name` is the tool's own, or namespaced on the all-namespaces endpoint. */
function mcpTool(entry: RegisteredTool, name: string): McpTool {
  const { tool, namespace } = entry;
  const write = tool.kind === 'write';
  const text = tool.description ?? tool.summary;
  return {
    name,
    title: tool.title,
    description: write ? `${text}\n\n${WRITE_NOTE}` : text,
    inputSchema: JSON.parse(JSON.stringify(tool.input)) as McpTool['inputSchema'],
    outputSchema: objectRooted(entry.output),
    annotations: {
      title: tool.title,
      readOnlyHint: !write,
      // Writes place, change or cancel orders: destructive to the account's state. Replays with the same
      // Idempotency-Key answer the first result, but a repeat without one places a second order.
      ...(write ? { destructiveHint: true, idempotentHint: false } : {}),
      // Every tool reaches an upstream venue or data provider outside the gateway.
      openWorldHint: true,
    },
    _meta: { namespace: namespace.name, http: `POST /${namespace.name}/tools/${tool.name}` },
  };
}

/** The tools of one namespace under their own names (`/<namespace>/mcp`). */
export function namespaceToolSet(registry: ToolRegistry, namespace: string): McpToolSet {
  return toolSet(registry.toolsOf(namespace).map((entry) => [entry.tool.name, entry]));
}

/** Every namespace's tools, named `<namespace>__<tool>` (the all-namespaces endpoint). */
export function allToolSet(registry: ToolRegistry): McpToolSet {
  return toolSet(
    registry.namespaces.flatMap((namespace) =>
      registry
        .toolsOf(namespace.name)
        .map((entry): [string, RegisteredTool] => [
          `${namespace.name}${NAMESPACE_SEPARATOR}${entry.tool.name}`,
          entry,
        ]),
    ),
  );
}

function toolSet(named: [string, RegisteredTool][]): McpToolSet {
  return {
    list: named.map(([name, entry]) => mcpTool(entry, name)),
    byName: new Map(named),
  };
}
