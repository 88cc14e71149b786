import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macroNamespace } from '../../src/namespaces/mcp-macro/index.js';
import { toolResponseSchema } from '../../src/tools/tool-schemas.js';
import { type MacroGateway, startMacroGateway } from './support/macro-gateway.js';

/** Every macro tool answers each of its documented input examples with a body its output schema describes. */

FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)) && value.includes('T'));
FormatRegistry.Set('date', (value) => /^\d{4}-\d{2}-\d{2}$/.test(value));

const errorsOf = (schema: TSchema, value: unknown) =>
  [...Value.Errors(schema, value)].map((e) => `${e.path} ${e.message}`);

let macro: MacroGateway;
beforeAll(async () => {
  macro = await startMacroGateway();
});
afterAll(() => macro.close());

describe('macro tool schemas', () => {
  it('describe the answers to their own examples, and the examples they show', async () => {
    const namespace = macroNamespace();
    for (const tool of namespace.tools.filter((tool) => tool.name !== 'environment_info')) {
      // The output examples show the tool's own data; the frame's fields are added to them in OpenAPI.
      for (const example of (tool.output as { examples: unknown[] }).examples)
        expect(errorsOf(tool.output, example), tool.name).toEqual([]);
      for (const example of (tool.input as { examples: unknown[] }).examples) {
        const body = await macro.tool(tool.name, example);
        expect(body).not.toHaveProperty('testnet');
        expect(errorsOf(toolResponseSchema(tool.output, false, true), body), tool.name).toEqual([]);
      }
    }
  });
});
