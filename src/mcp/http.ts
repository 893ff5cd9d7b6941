import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './server.js';
import type { ToolContext } from './tools.js';

export interface McpHttpServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** Requests above this size are refused before parsing: no tool argument comes near it. */
const MAX_BODY_BYTES = 1024 * 1024;

function tokenMatches(expected: Buffer, given: string | undefined): boolean {
  if (!given) return false;
  const g = Buffer.from(given);
  return g.length === expected.length && timingSafeEqual(g, expected);
}

/**
 * MCP over Streamable HTTP at /mcp, guarded like web mode: bound to 127.0.0.1, Host and Origin must be this
 * server's own (no DNS rebinding, no cross-site requests from a browser page), and every request carries the
 * random token as `Authorization: Bearer <token>`. Stateless: each POST gets a fresh protocol server over the
 * shared read-only index, so clients need no session and one client's state cannot leak into another's.
 */
export async function startMcpHttp(
  ctx: ToolContext,
  version: string,
  opts: { port: number; token?: string },
): Promise<McpHttpServer> {
  const token = opts.token ?? randomBytes(24).toString('hex');
  const tokenBuf = Buffer.from(token);
  let port = 0;
  const hostOk = (host: string | undefined) => host === `127.0.0.1:${port}` || host === `localhost:${port}`;
  const originOk = (origin: string | undefined) =>
    !origin || origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;

  const server = http.createServer((req, res) => {
    const fail = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
    };
    if (!hostOk(req.headers.host)) return fail(421, 'Wrong host.');
    if (!originOk(req.headers.origin)) return fail(403, 'Cross-origin requests are refused.');
    if (!tokenMatches(tokenBuf, req.headers.authorization?.replace(/^Bearer\s+/i, '')))
      return fail(401, 'Missing or wrong token.');
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return fail(404, 'Not found: use /mcp.');
    // Stateless: no server-to-client stream and no session to end.
    if (req.method !== 'POST') return fail(405, 'Method not allowed: POST JSON-RPC messages to /mcp.');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        fail(413, 'Request too large.');
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return;
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return fail(400, 'The body is not JSON.');
      }
      const mcp = createMcpServer(ctx, version);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      mcp
        .connect(transport)
        .then(() => transport.handleRequest(req, res, body))
        .catch((err: Error) => {
          if (!res.headersSent) fail(500, err.message);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    token,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
