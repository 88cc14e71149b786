import { describe, expect, it } from 'vitest';
import {
  clientOrderIdOf,
  deribitLabel,
  hyperliquidCloid,
  ibkrCoid,
  orderIdDigest,
} from './client-order-id.js';

const source = { actor: 'testnet', key: 'order-7', tool: 'mcp-optx/place_order' };

describe('client order ids', () => {
  it('are the same for a retry of the same request and differ when actor, key or tool differ', () => {
    const id = orderIdDigest(source);
    expect(orderIdDigest({ ...source })).toBe(id);
    expect(orderIdDigest({ ...source, actor: 'mainnet' })).not.toBe(id);
    expect(orderIdDigest({ ...source, key: 'order-8' })).not.toBe(id);
    expect(orderIdDigest({ ...source, tool: 'mcp-optx/cancel_order' })).not.toBe(id);
    // A separator keeps fields apart: moving characters between key and tool changes the id.
    expect(orderIdDigest({ actor: 'a', key: 'b', tool: 'cd' })).not.toBe(
      orderIdDigest({ actor: 'a', key: 'bc', tool: 'd' }),
    );
  });

  it('fit each venue: Deribit label ≤ 64 characters, Hyperliquid cloid 0x + 32 hex, IBKR cOID', () => {
    const label = clientOrderIdOf(deribitLabel, source);
    expect(label.length).toBeLessThanOrEqual(64);
    expect(label).toMatch(/^gw-[0-9a-f]{32}$/);
    expect(clientOrderIdOf(hyperliquidCloid, source)).toMatch(/^0x[0-9a-f]{32}$/);
    expect(clientOrderIdOf(ibkrCoid, source)).toMatch(/^gw-[0-9a-f]{32}$/);
  });
});
