import { Validator } from '@seriousme/openapi-schema-validator';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickerNamespace } from './fixtures/ticker.namespace.js';
import { type Gateway, startGateway } from './helpers.js';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());

interface MediaSchema {
  properties?: Record<string, unknown>;
  anyOf?: MediaSchema[];
}
interface Media {
  schema: MediaSchema;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  tags: string[];
  summary: string;
  security: unknown;
  requestBody: { content: Record<string, Media> };
  responses: Record<string, { content: Record<string, Media> }>;
}
const json = (operation: Operation, status?: string) =>
  (status ? operation.responses[status] : operation.requestBody)?.content['application/json'] as Media;

interface OpenApiDoc {
  openapi: string;
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, Media['schema']> };
}

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await (await fetch(`${gateway.url}/openapi.json`)).json();
    const result = await new Validator().validate(doc as Parameters<Validator['validate']>[0]);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect((doc as OpenApiDoc).openapi).toBe('3.1.0');
  });

  it('lists every registered tool under its namespace tag with request and response schemas', async () => {
    const doc = (await (await fetch(`${gateway.url}/openapi.json`)).json()) as OpenApiDoc;
    expect(doc.tags.map((tag) => tag.name)).toContain('mcp-ticker');
    for (const tool of tickerNamespace().tools) {
      const operation = doc.paths[`/mcp-ticker/tools/${tool.name}`]?.post as Operation;
      expect(operation, tool.name).toBeDefined();
      expect(operation.tags).toEqual(['mcp-ticker']);
      expect(operation.summary).toBe(tool.summary);
      expect(operation.security).toEqual([{ bearerAuth: [], botTag: [] }]);
      const request = json(operation).schema;
      expect(Object.keys(request.properties ?? {})).toEqual(Object.keys(tool.input.properties));
      const answer = json(operation, '200').schema;
      // A write answers its own shape or a dry run's (the request that would have been sent).
      const response = tool.kind === 'write' ? answer.anyOf![0]! : answer;
      if (tool.kind === 'write') expect(answer.anyOf![1]!.properties).toHaveProperty('dry_run');
      expect(response.properties).toHaveProperty('data_timestamp');
      expect(response.properties).toHaveProperty('testnet');
      expect(response.properties).toHaveProperty('simulated');
      for (const field of Object.keys(tool.output.properties))
        expect(response.properties).toHaveProperty(field);
      expect(json(operation, '422').schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    }
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
    expect(doc.components.schemas.ErrorEnvelope?.properties).toHaveProperty('error');
  });

  it('carries request and response examples, the response ones with the frame fields', async () => {
    const doc = (await (await fetch(`${gateway.url}/openapi.json`)).json()) as OpenApiDoc;
    const operation = doc.paths['/mcp-ticker/tools/get_ticker']?.post as Operation;
    const request = json(operation);
    expect(request.example ?? request.examples?.example1?.value).toEqual({ symbol: 'BTC' });
    const response = json(operation, '200');
    expect(response.example ?? response.examples?.example1?.value).toEqual({
      symbol: 'BTC',
      price: 101,
      data_timestamp: '2026-11-20T12:34:56.789Z',
      testnet: false,
      simulated: true,
    });
  });

  it('documents the admin and health endpoints', async () => {
    const doc = (await (await fetch(`${gateway.url}/openapi.json`)).json()) as OpenApiDoc;
    expect(doc.paths['/admin/audit']?.get).toBeDefined();
    expect(doc.paths['/health/ready']?.get).toBeDefined();
  });
});

describe('/apidocs', () => {
  it('loads in chromium without console errors and shows the tools', async () => {
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${gateway.url}/apidocs`, { waitUntil: 'networkidle' });
      await page.getByText('/mcp-ticker/tools/get_ticker').first().waitFor();
      // The description's placeholders show as text, not swallowed as HTML tags ("POST //tools/").
      await page.getByText('POST /<namespace>/tools/<tool>').first().waitFor({ timeout: 10_000 });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
