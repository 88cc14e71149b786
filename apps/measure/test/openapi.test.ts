import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startMeasure } from './helpers/harness.js';

interface Operation {
  tags?: string[];
  requestBody?: unknown;
  parameters?: unknown[];
  summary?: string;
  responses?: Record<string, unknown>;
  security?: unknown;
}

describe('OpenAPI document', () => {
  let h: Harness;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    h = await startMeasure('sqlite');
    doc = (await h.call('GET', '/api/openapi.json')).body;
  });
  afterAll(() => h?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every route with a tag, a summary, a success response and its error responses', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(40);
    for (const { name, op } of operations) {
      expect(op.tags?.length, name).toBeGreaterThan(0);
      expect(op.summary, name).toBeTruthy();
      const statuses = Object.keys(op.responses ?? {});
      expect(
        statuses.some((s) => s.startsWith('2')),
        name,
      ).toBe(true);
      if (op.requestBody)
        expect(statuses, `${name} takes a body`).toEqual(expect.arrayContaining(['400', '422']));
      if (op.parameters?.length) expect(statuses, `${name} takes parameters`).toContain('422');
      const open = name.endsWith('/api/health') || name.endsWith('/api/auth/login');
      if (!open) {
        expect(statuses, name).toContain('401');
        expect(op.security, name).toEqual([{ apiKey: [] }]);
      }
    }
  });

  it('marks no query parameter with a default as required (the server fills it in)', () => {
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods))
        for (const parameter of (op.parameters ?? []) as {
          name: string;
          in: string;
          required?: boolean;
          schema?: { default?: unknown };
        }[])
          if (parameter.in === 'query' && parameter.schema?.default !== undefined)
            expect(parameter.required ?? false, `${method.toUpperCase()} ${path} ${parameter.name}`).toBe(
              false,
            );
  });

  it('serves the interactive docs page', async () => {
    const page = await h.call('GET', '/api/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger');
  });
});
