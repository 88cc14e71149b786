import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../helpers.js';
import { APPLICABLE_SCENARIOS, credentialProxy, runScenario } from './conformance/conformance-run.js';

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, installed, so it runs offline) against
 * a gateway endpoint, each server scenario that applies to a stateless tools-only server. With
 * MCP_CONFORMANCE_REPORT=<file> the whole active suite's report is also written there (docs/mcp-conformance.md
 * is made this way).
 */
describe('MCP conformance suite', () => {
  let gateway: Gateway;
  let proxy: Awaited<ReturnType<typeof credentialProxy>>;
  beforeAll(async () => {
    gateway = await startGateway();
    proxy = await credentialProxy(gateway.url);
  });
  afterAll(async () => {
    await proxy.close();
    await gateway.close();
  });

  it.each(APPLICABLE_SCENARIOS)('passes %s', { timeout: 90_000 }, async (scenario) => {
    const { passed, report } = await runScenario(`${proxy.url}/mcp-ticker/mcp`, scenario);
    expect(report).not.toMatch(/FAIL/);
    expect(passed, report).toBe(true);
  });

  const reportFile = process.env.MCP_CONFORMANCE_REPORT;
  it.runIf(reportFile)('writes the whole active suite’s report', { timeout: 300_000 }, async () => {
    const { report } = await runScenario(`${proxy.url}/mcp-ticker/mcp`);
    writeFileSync(reportFile!, report);
  });
});
