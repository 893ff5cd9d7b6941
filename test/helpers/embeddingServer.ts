import type http from 'node:http';
import type { Embedder } from '../../src/models/embedder.js';
import { startLoopbackApi } from './loopbackApi.js';

/**
 * A small OpenAI-compatible embedding server for tests (the sibling of openaiServer.ts): POST /v1/embeddings
 * answered by a real Embedder (a bundled ONNX model through the project's own embedder code), as Ollama,
 * LM Studio or llama-server answer it. Faults are switched on per test; every request is recorded.
 */
export interface EmbeddingServer {
  url: string;
  port: number;
  requests: { path: string; body: Record<string, unknown> }[];
  faults: {
    /** Every request from now on gets its connection destroyed, like a server that went away. */
    down?: boolean;
    /** Answer this many more embedding requests, then go down (counts down with each answer). */
    downAfter?: number;
    /** Wait this long before answering. */
    delayMs?: number;
    /** Answer with text that is not JSON. */
    badJson?: boolean;
    /** Leave out the last embedding of each answer. */
    dropOne?: boolean;
    /** Cut every vector to this many values (another model answering under the same name). */
    truncateTo?: number;
    /** Answer with this HTTP status and an OpenAI-style error. */
    status?: number;
  };
  close(): Promise<void>;
}

export async function startEmbeddingServer(
  embedder: Embedder,
  modelName = 'minilm-test',
  port = 0,
): Promise<EmbeddingServer> {
  const requests: EmbeddingServer['requests'] = [];
  const faults: EmbeddingServer['faults'] = {};

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    requests.push({ path: req.url ?? '', body });
    if (faults.down || faults.downAfter === 0) {
      req.socket.destroy();
      return;
    }
    if (faults.delayMs) await new Promise((r) => setTimeout(r, faults.delayMs));
    if (res.destroyed) return;
    if (req.method !== 'POST' || req.url !== '/v1/embeddings')
      return json(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
    if (faults.status) return json(res, faults.status, { error: { message: `status ${faults.status} as asked` } });
    if (body.model !== modelName)
      return json(res, 404, { error: { message: `model "${String(body.model)}" not found` } });
    const input = typeof body.input === 'string' ? [body.input] : (body.input as string[]);
    if (!Array.isArray(input) || !input.every((t) => typeof t === 'string'))
      return json(res, 400, { error: { message: 'input must be a string or an array of strings' } });
    const vectors = await embedder.embed(input);
    if (faults.downAfter !== undefined) faults.downAfter--;
    if (faults.badJson) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data": [ oops');
      return;
    }
    const data = vectors.map((v, index) => ({
      object: 'embedding',
      index,
      embedding: Array.from(faults.truncateTo ? v.subarray(0, faults.truncateTo) : v),
    }));
    if (faults.dropOne) data.pop();
    // Out of order on purpose: clients must place each vector by its `index`.
    data.reverse();
    json(res, 200, { object: 'list', model: modelName, data, usage: { prompt_tokens: 0, total_tokens: 0 } });
  }

  const api = await startLoopbackApi(handle, port);
  return { ...api, requests, faults };
}
