import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, lazyReader } from './server.js';
import type { AskAnswer, ToolContext } from './tools.js';
import { openVaultReader, type VaultReader } from './vaultReader.js';
import { UsageError } from '../services/vaultService.js';
import type { SourceArtifact } from '../agent/retrieveNotesTool.js';

/**
 * Over stdio, stdout carries the protocol and nothing else: one stray line from a library (transformers.js,
 * LanceDB, node-llama-cpp) or our own logging would break the client's JSON parser. So the transport gets
 * the real stdout, and everything else that writes to process.stdout or console.log/info/debug lands on
 * stderr, where MCP clients collect server logs. Must run before anything that might print is loaded.
 */
export function reserveStdoutForProtocol(): Writable {
  const realWrite = process.stdout.write.bind(process.stdout);
  const protocolOut = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      realWrite(chunk, (err) => callback(err ?? null));
    },
  });
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) =>
    (process.stderr.write as (...a: unknown[]) => boolean)(chunk, ...rest)) as typeof process.stdout.write;
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  return protocolOut;
}

function packageVersion(): string {
  const pkg = fileURLToPath(new URL('../../package.json', import.meta.url));
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** The tools' view of one vault: the read-only index, and the local agent only once `ask` needs it. */
function toolContext(opts: { vault?: string; data?: string }): ToolContext & { close(): void } {
  let embedderLoaded = false;
  // Set once `ask` has loaded the agent's module: what it reports is whether the chat model itself is loaded.
  let chatModelLoaded = () => false;
  const reader = lazyReader(async (): Promise<VaultReader> => {
    const r = await openVaultReader({ vault: opts.vault, dataDir: opts.data });
    return {
      ...r,
      embedder: () => r.embedder().then((e) => ((embedderLoaded = true), e)),
    };
  });
  type AskFn = (question: string, signal: AbortSignal) => Promise<AskAnswer>;
  let agent: Promise<AskFn> | null = null;
  const loadAgent = async (): Promise<AskFn> => {
    const r = await reader.get();
    const [chatService, embedder] = await Promise.all([import('../agent/chatService.js'), r.embedder()]);
    const { createChatService } = chatService;
    // The agent reads what a VaultService offers for retrieval; this read-only view offers the same.
    const view = { vault: r.vault, dataDir: r.dataDir, index: r.index, embedder, settings: r.settings };
    const chat = await createChatService(view as unknown as Parameters<typeof createChatService>[0], {
      warmModel: true,
    });
    chatModelLoaded = chatService.chatModelLoaded;
    return async (question, signal) => {
      // A fresh thread per call: an MCP client keeps its own conversation and sends whole questions.
      const res = await chat.ask(`mcp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, question, {
        signal,
      });
      const located = (notes: SourceArtifact[]) =>
        notes.map((s) => ({ path: s.source, heading: s.section_title, start_line: s.start_line + 1 }));
      return { answer: res.answer, sources: located(res.sources), searched: located(res.searched) };
    };
  };
  return {
    reader: () => reader.get(),
    embedderLoaded: () => embedderLoaded,
    chatModelLoaded: () => chatModelLoaded(),
    async ask(question, signal) {
      agent ??= loadAgent().catch((err: unknown) => {
        agent = null;
        throw err;
      });
      return (await agent)(question, signal);
    },
    close: () => reader.close(),
  };
}

/**
 * `obsiquery mcp`: serves the vault's index over MCP on stdio until the client closes the pipe, or with
 * `--http PORT` over Streamable HTTP on 127.0.0.1 until stopped.
 */
export async function runMcpCommand(
  opts: { vault?: string; data?: string; http?: number },
  protocolOut: Writable,
): Promise<void> {
  const ctx = toolContext(opts);
  if (opts.http !== undefined) {
    if (!Number.isInteger(opts.http) || opts.http < 0 || opts.http > 65535)
      throw new UsageError('--http needs a port number from 0 to 65535 (0: a free port).');
    const { startMcpHttp } = await import('./http.js');
    const web = await startMcpHttp(ctx, packageVersion(), { port: opts.http });
    // stdout is free in HTTP mode, but one rule for both modes is simpler: what a person reads goes to stderr.
    process.stderr.write(
      `obsiquery mcp: Streamable HTTP at ${web.url}\n  header: Authorization: Bearer ${web.token}\n  (only this machine can reach it). Ctrl+C to stop.\n`,
    );
    protocolOut.write(`${JSON.stringify({ url: web.url, port: web.port, token: web.token })}\n`);
    const stop = () =>
      void web.close().finally(() => {
        ctx.close();
        process.exit(0);
      });
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  const server = createMcpServer(ctx, packageVersion());
  // Open the index and load the embedder once the client is connected, so `initialize` is answered at once
  // and the first search does not pay for the model load. A failure here is reported by the first tool call.
  server.server.oninitialized = () => {
    void ctx
      .reader()
      .then((r) => r.embedder())
      .catch((err: Error) => process.stderr.write(`obsiquery mcp: ${err.message}\n`));
  };
  const transport = new StdioServerTransport(process.stdin, protocolOut);
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    void server
      .close()
      .catch(() => undefined)
      .finally(() => {
        ctx.close();
        process.exit(0);
      });
  };
  transport.onclose = shutdown;
  process.stdin.once('end', shutdown);
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await server.connect(transport);
  process.stderr.write(`obsiquery mcp: serving ${opts.vault ?? opts.data ?? 'the vault synced last'} on stdio\n`);
}
