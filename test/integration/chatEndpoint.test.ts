import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { copyVault, runCli, sampleVault, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { startOpenAiServer, type OpenAiServer } from '../helpers/openaiServer.js';
import { loadChatModel, type ChatModel } from '../../src/models/chatModel.js';
import { checkEndpoint, ChatEndpointError, createEndpointChatModel } from '../../src/models/openaiChat.js';
import { withFallback } from '../../src/models/fallbackChat.js';
import { chooseEndpoint } from '../../src/agent/chatService.js';
import { VaultService } from '../../src/services/vaultService.js';

useFastEmbedder();

/**
 * The OpenAI-compatible chat client against a real HTTP server (test/helpers/openaiServer.ts) that serves the
 * bundled GGUF through node-llama-cpp: streaming, JSON outputs, a server that dies mid-stream, a slow server,
 * cancellation, the fallback to the bundled model, and `obsiquery ask --chat-endpoint` end to end.
 */

const prompt = [{ role: 'user' as const, content: 'Name three colours.' }];
// The query's length is bounded so the grammar closes the string: the 270M model, asked for a free string, can write
// "/p/s/1024/t/l/i/…" until it runs out of tokens (seen on a fresh machine's build of node-llama-cpp), and a JSON
// value cut off there is no JSON at all.
const decisionSchema = {
  type: 'object',
  properties: { action: { enum: ['retrieve_notes_tool', 'reply'] }, query: { type: 'string', maxLength: 40 } },
  required: ['action', 'query'],
};

describe('OpenAI-compatible chat endpoint', () => {
  let model: ChatModel;
  let server: OpenAiServer;

  beforeAll(async () => {
    model = await loadChatModel({ threads: 1 });
    server = await startOpenAiServer(model, 'gemma-test');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await model?.dispose();
  });

  const client = (timeoutMs?: number) =>
    createEndpointChatModel({ endpoint: server.url, model: 'gemma-test', timeoutMs });

  it('streams a completion over SSE: the same text the model gives directly, token by token', async () => {
    server.requests.length = 0;
    const tokens: string[] = [];
    const text = await client().complete(prompt, { maxTokens: 12, onToken: (t) => tokens.push(t) });
    const direct = await model.complete(prompt, { maxTokens: 12 });
    expect(text).toBe(direct);
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.join('')).toBe(text);
    expect(server.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      body: { model: 'gemma-test', stream: true, max_tokens: 12, temperature: 0 },
    });
  }, 120_000);

  it('asks for JSON through response_format json_schema and returns the validated object', async () => {
    server.requests.length = 0;
    const value = (await client().completeJson(
      [{ role: 'user', content: 'Where is the Lisbon trip note?' }],
      decisionSchema,
      { maxTokens: 80 },
    )) as { action: string; query: string };
    expect(['retrieve_notes_tool', 'reply']).toContain(value.action);
    expect(typeof value.query).toBe('string');
    expect(server.requests[0]!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'output', strict: true, schema: decisionSchema },
    });
  }, 120_000);

  it('falls back to the prompt and a validating parser when the server rejects json_schema, and remembers', async () => {
    server.requests.length = 0;
    server.faults.rejectJsonSchema = true;
    try {
      const c = client();
      const first = await c.completeJson(prompt, decisionSchema, { maxTokens: 30 });
      await c.completeJson(prompt, decisionSchema, { maxTokens: 30 });
      // Whatever the small model wrote either validates against the schema or is refused as null.
      if (first !== null) expect(first).toMatchObject({ action: expect.any(String), query: expect.any(String) });
      const formats = server.requests.map((r) => (r.body.response_format as { type?: string } | undefined)?.type);
      expect(formats).toEqual(['json_schema', undefined, undefined]);
      const instructed = (server.requests[1]!.body.messages as { content: string }[]).at(-1)!.content;
      expect(instructed).toContain('Reply with only a JSON value matching this JSON schema');
      expect(instructed).toContain('"required":["action","query"]');
    } finally {
      server.faults.rejectJsonSchema = false;
    }
  }, 120_000);

  it('a server that dies mid-stream is an error, not a silently short answer', async () => {
    server.faults.dieAfterChunks = 2;
    try {
      const tokens: string[] = [];
      const err = await client()
        .complete(prompt, { maxTokens: 40, onToken: (t) => tokens.push(t) })
        .catch((e: Error) => e);
      expect(err).toBeInstanceOf(ChatEndpointError);
      expect((err as Error).message).toMatch(/127\.0\.0\.1:\d+ (failed|closed the stream)/);
      expect(tokens.length).toBeLessThanOrEqual(2);
    } finally {
      delete server.faults.dieAfterChunks;
    }
  }, 120_000);

  it('a slow server times out with a clear error, promptly', async () => {
    server.faults.delayMs = 5_000;
    try {
      const t0 = Date.now();
      const err = await client(400)
        .complete(prompt, { maxTokens: 4 })
        .catch((e: Error) => e);
      expect(err).toBeInstanceOf(ChatEndpointError);
      expect((err as Error).message).toMatch(/did not answer within 0\.4 s/);
      expect(Date.now() - t0).toBeLessThan(3_000);
    } finally {
      delete server.faults.delayMs;
    }
  }, 60_000);

  it('cancellation stops a stream and is not reported as an endpoint failure', async () => {
    const controller = new AbortController();
    let tokens = 0;
    const err = await client()
      .complete(prompt, {
        maxTokens: 200,
        signal: controller.signal,
        onToken: () => {
          if (++tokens === 2) controller.abort();
        },
      })
      .then(
        (t) => t,
        (e: Error) => e,
      );
    expect(err).not.toBeInstanceOf(ChatEndpointError);
    expect(tokens).toBeLessThan(10);
  }, 120_000);

  it('a stream cut mid-answer is restarted on the bundled model: the partial text is taken back, not repeated', async () => {
    server.faults.dieAfterChunks = 3;
    try {
      const m = withFallback(client(), async () => model);
      const notices: string[] = [];
      m.onNotice = (n) => notices.push(n);
      const events: string[] = [];
      const text = await m.complete(prompt, {
        maxTokens: 24,
        onToken: (t) => events.push(t),
        onRestart: () => events.push('<restart>'),
      });
      const restart = events.indexOf('<restart>');
      // The endpoint streamed its first chunks, then the bundled model streamed its whole answer once.
      expect(restart).toBeGreaterThan(0);
      expect(events.lastIndexOf('<restart>')).toBe(restart);
      expect(events.slice(restart + 1).join('')).toBe(text);
      expect(text).toBe(await model.complete(prompt, { maxTokens: 24 }));
      expect(notices[0]).toMatch(/chat endpoint failed/);
    } finally {
      delete server.faults.dieAfterChunks;
    }
  }, 120_000);

  it('falls back to the bundled model with a notice when the endpoint is down', async () => {
    const dead = createEndpointChatModel({ endpoint: 'http://127.0.0.1:9/v1', model: 'x', timeoutMs: 2_000 });
    const notices: string[] = [];
    const m = withFallback(dead, async () => model);
    m.onNotice = (n) => notices.push(n);
    const text = await m.complete(prompt, { maxTokens: 6 });
    expect(text).toBe(await model.complete(prompt, { maxTokens: 6 }));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/chat endpoint failed .*127\.0\.0\.1:9.*bundled model answered/);
    // Within the retry window the endpoint is skipped at once (no second wait), still with a notice.
    await m.complete(prompt, { maxTokens: 2 });
    expect(notices[1]).toMatch(/unavailable/);
  }, 120_000);
});

describe('endpoint choice and privacy', () => {
  it('loopback endpoints need no permission; others need allowRemoteEndpoint', () => {
    expect(checkEndpoint('http://127.0.0.1:11434/v1').host).toBe('127.0.0.1:11434');
    expect(checkEndpoint('http://localhost:1234/v1').hostname).toBe('localhost');
    expect(checkEndpoint('http://[::1]:8080/v1').port).toBe('8080');
    expect(() => checkEndpoint('http://192.168.1.20:11434/v1')).toThrow(/not on this machine.*allowRemoteEndpoint/);
    expect(checkEndpoint('http://192.168.1.20:11434/v1', true).host).toBe('192.168.1.20:11434');
    expect(() => checkEndpoint('ftp://127.0.0.1/v1')).toThrow(/http or https/);
    expect(() => checkEndpoint('not a url')).toThrow(/not a URL/);
  });

  it('flags beat the environment, which beats the settings; an endpoint needs a model name', () => {
    const settings = { chatEndpoint: 'http://127.0.0.1:1/v1', chatModel: 's', allowRemoteEndpoint: false };
    expect(chooseEndpoint({}, {}, {})).toBeNull();
    expect(chooseEndpoint(settings, {}, {})).toMatchObject({ endpoint: 'http://127.0.0.1:1/v1', model: 's' });
    const env = { OBSIQUERY_CHAT_ENDPOINT: 'http://127.0.0.1:2/v1', OBSIQUERY_CHAT_MODEL: 'e' };
    expect(chooseEndpoint(settings, {}, env)).toMatchObject({ endpoint: 'http://127.0.0.1:2/v1', model: 'e' });
    expect(chooseEndpoint(settings, { endpoint: 'http://127.0.0.1:3/v1', model: 'f' }, env)).toMatchObject({
      endpoint: 'http://127.0.0.1:3/v1',
      model: 'f',
    });
    expect(() => chooseEndpoint({ chatEndpoint: 'http://127.0.0.1:1/v1' }, {}, {})).toThrow(/needs a model name/);
  });
});

describe('obsiquery ask --chat-endpoint', () => {
  const tmp = tempDir('obq-endpoint-');
  const home = path.join(tmp.dir, 'home');
  const dataDir = path.join(tmp.dir, 'data');
  let vault: string;
  let model: ChatModel;
  let server: OpenAiServer;
  const question = 'What hydration is my sourdough bread?';

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = home;
    vault = copyVault(sampleVault, tmp.dir);
    const service = await VaultService.open({ vault, dataDir });
    expect((await service.sync()).failed).toBe(0);
    service.close();
    model = await loadChatModel({ threads: 1 });
    server = await startOpenAiServer(model, 'gemma-test');
  }, 600_000);

  afterAll(async () => {
    await server?.close();
    await model?.dispose();
    tmp.cleanup();
  });

  const ask = (endpoint: string) =>
    runCli(
      [
        'ask',
        question,
        '--vault',
        vault,
        '--data',
        dataDir,
        '--json',
        '--chat-endpoint',
        endpoint,
        '--chat-model',
        'gemma-test',
      ],
      { home, env: { OBSIQUERY_THREADS: '1', OBSIQUERY_CHAT_TIMEOUT_MS: '60000' } },
    );

  it('uses the endpoint and sends it the retrieved notes', async () => {
    const r = await ask(server.url);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      answer: string;
      sources: { source: string }[];
      notices: string[];
      timings: { first_token_ms: number | null; total_ms: number; model_calls: number };
    };
    expect(out.answer.length).toBeGreaterThan(0);
    expect(out.notices).toEqual([]);
    expect(out.timings.model_calls).toBeGreaterThanOrEqual(1);
    expect(out.timings.total_ms).toBeGreaterThan(0);
    // The synthesizer's prompt reached the server with the note's own text in it.
    const prompts = server.requests
      .filter((x) => x.path === '/v1/chat/completions')
      .map((x) => (x.body.messages as { content: string }[]).map((m) => m.content).join('\n'));
    expect(prompts.some((p) => p.includes('Question:') && /75% hydration|375 g water/.test(p))).toBe(true);
  }, 600_000);

  it('with the server down, the same command answers from the bundled model and says so', async () => {
    const port = server.port;
    await server.close();
    const r = await ask(`http://127.0.0.1:${port}/v1`);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { answer: string; notices: string[]; sources: { source: string }[] };
    expect(out.answer.length).toBeGreaterThan(0);
    expect(out.notices.join(' ')).toMatch(/bundled model answered/);
    expect(out.sources.map((s) => s.source)).toContain('Resources/Sourdough Bread.md');
  }, 600_000);
});
