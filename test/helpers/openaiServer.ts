import type http from 'node:http';
import type { ChatModel, ChatTurn } from '../../src/models/chatModel.js';
import { startLoopbackApi } from './loopbackApi.js';

/**
 * A small OpenAI-compatible server for tests: /v1/models and /v1/chat/completions (streamed over SSE or not,
 * with response_format json_schema) answered by a real ChatModel (the bundled GGUF through node-llama-cpp).
 * Faults are switched on per test: a server that dies mid-stream, one that is slow to answer, one that
 * rejects json_schema. Every request body is recorded, so a test can check what was sent.
 */
export interface OpenAiServer {
  url: string;
  port: number;
  requests: { path: string; body: Record<string, unknown> }[];
  faults: {
    /** Destroy the connection after this many streamed chunks. */
    dieAfterChunks?: number;
    /** Wait this long before answering anything. */
    delayMs?: number;
    /** Answer 400 to response_format json_schema, like servers that do not support it. */
    rejectJsonSchema?: boolean;
  };
  close(): Promise<void>;
}

export async function startOpenAiServer(model: ChatModel, modelName = 'gemma-test', port = 0): Promise<OpenAiServer> {
  const requests: OpenAiServer['requests'] = [];
  const faults: OpenAiServer['faults'] = {};

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = req.url ?? '';
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    requests.push({ path: url, body });
    if (faults.delayMs) await new Promise((r) => setTimeout(r, faults.delayMs));
    if (req.method === 'GET' && url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: modelName, object: 'model', owned_by: 'test' }] }));
      return;
    }
    if (req.method !== 'POST' || url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${url}` } }));
      return;
    }
    if (body.model !== modelName) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `model ${String(body.model)} not found` } }));
      return;
    }
    const turns = (body.messages as ChatTurn[]).map((m) => ({ role: m.role, content: m.content }));
    const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : 256;
    const format = body.response_format as { type?: string; json_schema?: { schema?: object } } | undefined;
    const abort = new AbortController();
    res.on('close', () => abort.abort());

    if (format?.type === 'json_schema') {
      if (faults.rejectJsonSchema) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'response_format json_schema is not supported' } }));
        return;
      }
      const value = await model.completeJson(turns, format.json_schema?.schema ?? {}, {
        maxTokens,
        signal: abort.signal,
      });
      return reply(res, JSON.stringify(value));
    }
    if (!body.stream) {
      return reply(res, await model.complete(turns, { maxTokens, signal: abort.signal }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    let chunks = 0;
    const send = (delta: object, finish: string | null) =>
      res.write(
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: modelName, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    send({ role: 'assistant' }, null);
    await model.complete(turns, {
      maxTokens,
      signal: abort.signal,
      onToken: (t) => {
        if (res.destroyed) return;
        send({ content: t }, null);
        if (faults.dieAfterChunks !== undefined && ++chunks >= faults.dieAfterChunks) {
          res.socket?.destroy();
          abort.abort();
        }
      },
    });
    if (res.destroyed) return;
    send({}, 'stop');
    res.end('data: [DONE]\n\n');
  }

  function reply(res: http.ServerResponse, content: string) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'c1',
        object: 'chat.completion',
        model: modelName,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      }),
    );
  }

  const api = await startLoopbackApi(handle, port);
  return { ...api, requests, faults };
}
