/** The `mcp` bench section's measurement: `obsiquery mcp` spawned and driven by the SDK's real client. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cliPath } from './proc.js';

export interface McpSample {
  /** Spawn to the `initialize` answer (the client's connect, including the initialized notification). */
  initialize_ms: number;
  /** Spawn to the first `search_notes` answer: start-up, index open, embedder load and the search. */
  first_search_ms: number;
  /** A second search in the same server, warm. */
  warm_search_ms: number;
  /** What index_status says after the searches: the chat model must still be unloaded. */
  chat_model_loaded: boolean;
}

export async function measureMcp(dataDir: string, query: string, env: Record<string, string>): Promise<McpSample> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'mcp', '--data', dataDir],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'obsiquery-bench', version: '1.0.0' });
  const t0 = performance.now();
  try {
    await client.connect(transport);
    const initialize_ms = performance.now() - t0;
    const search = async () => {
      const r = (await client.callTool({ name: 'search_notes', arguments: { query } })) as CallToolResult;
      if (r.isError) throw new Error(`search_notes failed: ${JSON.stringify(r.content)}`);
    };
    await search();
    const first_search_ms = performance.now() - t0;
    const t1 = performance.now();
    await search();
    const warm_search_ms = performance.now() - t1;
    const st = (await client.callTool({ name: 'index_status', arguments: {} })) as CallToolResult;
    const chat_model_loaded = (st.structuredContent as { chat_model_loaded: boolean }).chat_model_loaded;
    return { initialize_ms, first_search_ms, warm_search_ms, chat_model_loaded };
  } finally {
    await client.close();
  }
}
