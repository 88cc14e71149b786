import { fileURLToPath } from 'node:url';
import { lintReport, redoclyLint } from '@app/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './helpers.js';

/**
 * The production gateway's OpenAPI document passes Redocly's lint (apps/gateway/redocly.yaml: the recommended
 * ruleset) without a single error or warning.
 */
const config = fileURLToPath(new URL('../redocly.yaml', import.meta.url));

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway({ production: true });
});
afterAll(() => gateway.close());

describe('/openapi.json of the production gateway', () => {
  it('passes Redocly lint (recommended) with no errors and no warnings', async () => {
    const document = await (await fetch(`${gateway.url}/openapi.json`)).text();
    const report = lintReport(await redoclyLint(document, config));
    expect(report, report.join('\n')).toEqual([]);
  });
});
