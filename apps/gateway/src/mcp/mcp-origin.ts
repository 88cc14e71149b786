const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a browser page from `origin` may call the MCP endpoints. The transport specification asks servers
 * to validate Origin against DNS rebinding: a page on evil.example whose name is re-pointed at 127.0.0.1 would
 * otherwise reach a gateway on the user's machine. Pages served from loopback are allowed, and the origins an
 * operator lists in MCP_ALLOWED_ORIGINS; MCP clients outside browsers send no Origin and are not affected.
 */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  if (allowed.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname);
  } catch {
    // "null" (a sandboxed or file: page) and anything else that is not a URL.
    return false;
  }
}
