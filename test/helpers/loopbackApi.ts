import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A JSON API on 127.0.0.1 for provider tests: the request body read whole, a thrown error answered as a 500. */
export interface LoopbackApi {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startLoopbackApi(
  handle: (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => Promise<void>,
  port = 0,
): Promise<LoopbackApi> {
  // Tracked so close() can cut streams a test left open (a server that "dies" mid-stream, a stalled client).
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString('utf8')));
    req.on('end', () => {
      void handle(req, res, raw).catch((err: Error) => {
        if (res.destroyed) return;
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: err.message } }));
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}/v1`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
