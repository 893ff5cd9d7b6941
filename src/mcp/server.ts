import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerTools, readIndexedNote, type ToolContext } from './tools.js';
import type { VaultReader } from './vaultReader.js';

export const SERVER_NAME = 'obsiquery';

/** obsiquery://note/<vault-relative path>, each segment percent-encoded. */
export function noteResourceUri(source: string): string {
  return `obsiquery://note/${source.split('/').map(encodeURIComponent).join('/')}`;
}

/** One MCP server (tools and note resources) over the given context; the transport is the caller's. */
export function createMcpServer(ctx: ToolContext, version: string): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: 'ObsiQuery', version },
    {
      instructions:
        "Search and read the user's Obsidian notes through ObsiQuery's local index. Start with search_notes; " +
        'read_note shows a whole note or a line range; list_notes browses by folder, tag or date; ' +
        'index_status tells how fresh the index is. Cite notes by their path.',
    },
  );
  registerTools(server, ctx);
  server.registerResource(
    'note',
    new ResourceTemplate('obsiquery://note/{+path}', {
      list: async () => {
        const r = await ctx.reader();
        return {
          resources: r.index.db.noteSummaries().map((n) => ({
            uri: noteResourceUri(n.source),
            name: n.source,
            title: n.title,
            mimeType: 'text/markdown',
          })),
        };
      },
    }),
    {
      title: 'Obsidian note',
      description: "One of the user's indexed notes, as markdown.",
      mimeType: 'text/markdown',
    },
    async (uri, vars) => {
      const raw = Array.isArray(vars.path) ? vars.path.join(',') : (vars.path ?? '');
      let source: string;
      try {
        source = decodeURIComponent(raw);
      } catch {
        throw new Error(`Malformed note URI: ${uri.href}`);
      }
      const note = await readIndexedNote(await ctx.reader(), source);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: note.content }] };
    },
  );
  return server;
}

/** Lazily opens the index; a failed open (no index yet) is retried on the next call, so a later sync just works. */
export function lazyReader(open: () => Promise<VaultReader>): { get(): Promise<VaultReader>; close(): void } {
  let opening: Promise<VaultReader> | null = null;
  let opened: VaultReader | null = null;
  return {
    get() {
      if (!opening) {
        opening = open().then(
          (r) => (opened = r),
          (err: unknown) => {
            opening = null;
            throw err;
          },
        );
      }
      return opening;
    },
    close() {
      opened?.close();
    },
  };
}
