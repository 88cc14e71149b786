import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

export type WebSocketHandler = (socket: WebSocket, request: IncomingMessage) => void;

/**
 * Websocket endpoints of one instance on its HTTP port (Deribit `/ws/api/v2`, IBKR `/v1/api/ws`), with `ws`,
 * the library the gateway already uses. Upgrades to an unknown path are refused with 404. Connections are the
 * frame's: down() and close() terminate them, as a venue outage would.
 */
export class WebSocketRoutes {
  private readonly handlers = new Map<string, WebSocketHandler>();
  private readonly server = new WebSocketServer({ noServer: true });

  /** Registers `path` (exact, without the query); a second registration of a path is a mistake. */
  add(path: string, handler: WebSocketHandler): void {
    if (this.handlers.has(path)) throw new Error(`a websocket route ${path} is already registered`);
    this.handlers.set(path, handler);
  }

  get paths(): string[] {
    return [...this.handlers.keys()];
  }

  /** The HTTP server's `upgrade` listener. */
  readonly upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const handler = this.handlers.get(path);
    if (!handler) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.server.handleUpgrade(request, socket, head, (ws) => handler(ws, request));
  };

  /** Drops every open connection (1006 for the client: no close frame). */
  terminateAll(): void {
    for (const client of this.server.clients) client.terminate();
  }

  get connections(): number {
    return this.server.clients.size;
  }
}
