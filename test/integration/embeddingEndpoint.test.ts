import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { copyVault, FAST_EMBEDDING_MODEL, runCli, sampleVault, tempDir } from '../helpers/fixtures.js';
import { startEmbeddingServer, type EmbeddingServer } from '../helpers/embeddingServer.js';
import { cosine, type Embedder } from '../../src/models/embedder.js';
import { findEmbeddingModel } from '../../src/models/manifest.js';
import { createEndpointEmbedder, EmbeddingEndpointError, endpointModelId } from '../../src/models/openaiEmbedder.js';
import { chooseEmbeddingModel, sharedEmbedder, VaultService } from '../../src/services/vaultService.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';
import { embeddingText } from '../../src/pipeline/chunkRecords.js';
import { ModelMismatchError } from '../../src/store/openIndex.js';
import { saveSettings, SettingsError } from '../../src/services/settings.js';
import { Backend } from '../../src/services/backend.js';
import { createChatService } from '../../src/agent/chatService.js';
import { openVaultReader } from '../../src/mcp/vaultReader.js';

/**
 * The embedding provider against a real OpenAI-compatible HTTP server that embeds with the bundled MiniLM
 * through the project's own embedder: the client under test is the real one, and so is every vector.
 */
const MODEL = 'minilm-test';
const PUMP = 'Which Arduino pin drives the relay for the garden pump?';
const GARDEN = 'Projects/Garden Irrigation.md';

describe('OpenAI-compatible embedding endpoint', () => {
  const tmp = tempDir('obq-embed-endpoint-');
  const savedHome = process.env.OBSIQUERY_HOME;
  let bundled: Embedder;
  let server: EmbeddingServer;
  let vault: string;
  let dataDir: string;

  const open = (extra: Parameters<typeof VaultService.open>[0] = {}) =>
    VaultService.open({ vault, dataDir, embeddingEndpoint: server.url, embeddingModel: MODEL, ...extra });

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    bundled = await sharedEmbedder(findEmbeddingModel(FAST_EMBEDDING_MODEL, 'test'));
    server = await startEmbeddingServer(bundled, MODEL);
    vault = copyVault(sampleVault, tmp.dir);
    dataDir = path.join(tmp.dir, 'data');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (savedHome === undefined) delete process.env.OBSIQUERY_HOME;
    else process.env.OBSIQUERY_HOME = savedHome;
    tmp.cleanup();
  });

  describe('the client', () => {
    it('gives the bundled model’s vectors, in input order, in batches', async () => {
      const e = await createEndpointEmbedder({ endpoint: server.url, model: MODEL, batchSize: 4 });
      expect(e.dimension).toBe(384); // learned from one probe request
      const texts = Array.from({ length: 10 }, (_, i) => `note ${i}: ${'watering the garden '.repeat(i + 1)}`);
      const before = server.requests.length;
      const got = await e.embed(texts);
      expect(server.requests.length - before).toBe(3); // 4 + 4 + 2
      const want = await bundled.embed(texts);
      for (let i = 0; i < texts.length; i++) {
        expect(got[i]!.length).toBe(384);
        expect(cosine(got[i]!, want[i]!)).toBeGreaterThan(0.99999);
        expect(Math.max(...got[i]!.map((x, d) => Math.abs(x - want[i]![d]!)))).toBeLessThan(1e-5);
      }
    });

    it('names the cause: HTTP status, bad JSON, count mismatch, wrong dimension', async () => {
      const e = await createEndpointEmbedder({ endpoint: server.url, model: MODEL });
      const fail = async (fault: EmbeddingServer['faults'], pattern: RegExp) => {
        Object.assign(server.faults, fault);
        try {
          await expect(e.embed(['a', 'b'])).rejects.toThrow(pattern);
        } finally {
          for (const k of Object.keys(fault)) delete server.faults[k as keyof EmbeddingServer['faults']];
        }
      };
      await fail({ status: 500 }, /answered HTTP 500: status 500 as asked/);
      await fail({ badJson: true }, /sent invalid JSON/);
      await fail({ dropOne: true }, /returned 1 embeddings for 2 texts/);
      await fail({ truncateTo: 128 }, /returned 128-dimensional vectors .* 384-dimensional .* Re-index/);
      // A known dimension (an existing index's) needs no probe request.
      const before = server.requests.length;
      const known = await createEndpointEmbedder({ endpoint: server.url, model: MODEL, dimension: 384 });
      expect(server.requests.length).toBe(before);
      await expect(known.embed(['x'])).resolves.toHaveLength(1);
      await expect(createEndpointEmbedder({ endpoint: server.url, model: 'no-such-model' })).rejects.toThrow(
        /HTTP 404 \(is "no-such-model" pulled\/loaded.*model "no-such-model" not found/,
      );
    });

    it('times out on a slow server, and a cancelled call stops at once', async () => {
      const e = await createEndpointEmbedder({ endpoint: server.url, model: MODEL, timeoutMs: 300, retryAfterMs: 0 });
      server.faults.delayMs = 3000;
      try {
        let t = Date.now();
        const err = await e.embed(['slow']).catch((x: unknown) => x);
        expect(err).toBeInstanceOf(EmbeddingEndpointError);
        expect((err as EmbeddingEndpointError).message).toMatch(/did not answer within 0.3 s/);
        expect((err as EmbeddingEndpointError).unavailable).toBe(true);
        expect(Date.now() - t).toBeLessThan(2500);
        const controller = new AbortController();
        t = Date.now();
        const slow = e.embed(['slow'], { signal: controller.signal });
        setTimeout(() => controller.abort(), 50);
        await expect(slow).rejects.toThrow();
        expect(Date.now() - t).toBeLessThan(1000);
      } finally {
        delete server.faults.delayMs;
      }
    });

    it('after the endpoint was unreachable, fails fast until the pause ends or is reset', async () => {
      const e = await createEndpointEmbedder({ endpoint: server.url, model: MODEL, retryAfterMs: 60_000 });
      server.faults.down = true;
      await expect(e.embed(['x'])).rejects.toThrow(/Embedding endpoint 127\.0\.0\.1:\d+ is unreachable/);
      server.faults.down = false;
      const before = server.requests.length;
      await expect(e.embed(['x'])).rejects.toThrow(/Embedding endpoint 127\.0\.0\.1:\d+ is unreachable/);
      expect(server.requests.length).toBe(before); // nothing was sent
      e.resetAvailability();
      await expect(e.embed(['x'])).resolves.toHaveLength(1);
    });

    it('refuses an endpoint on another machine unless allowRemoteEndpoint is set', async () => {
      await expect(createEndpointEmbedder({ endpoint: 'http://192.0.2.10:11434/v1', model: MODEL })).rejects.toThrow(
        /Embedding endpoint 192\.0\.2\.10:11434 is not on this machine.*allowRemoteEndpoint/,
      );
      const settingsDir = path.join(tmp.dir, 'settings-only');
      mkdirSync(settingsDir, { recursive: true });
      expect(() =>
        saveSettings(settingsDir, { embeddingEndpoint: 'http://192.0.2.10:11434/v1', embeddingModel: MODEL }),
      ).toThrow(SettingsError);
      // Allowed explicitly, the setting is accepted (nothing is sent when saving).
      expect(
        saveSettings(settingsDir, {
          embeddingEndpoint: 'http://192.0.2.10:11434/v1',
          embeddingModel: MODEL,
          allowRemoteEndpoint: true,
        }).embeddingEndpoint,
      ).toBe('http://192.0.2.10:11434/v1');
      // Loopback in every spelling needs no permission.
      for (const host of ['localhost', '127.0.0.1', '[::1]'])
        expect(
          saveSettings(settingsDir, { embeddingEndpoint: `http://${host}:1/v1`, allowRemoteEndpoint: false }),
        ).toBeTruthy();
      await expect(
        VaultService.open({
          vault,
          dataDir: path.join(tmp.dir, 'data-remote'),
          embeddingEndpoint: 'http://192.0.2.10:11434/v1',
          embeddingModel: MODEL,
        }),
      ).rejects.toThrow(/not on this machine/);
    });

    it('takes flags over the environment over Settings', async () => {
      const loc = { vault, dataDir: path.join(tmp.dir, 'data-choice') };
      mkdirSync(loc.dataDir, { recursive: true });
      saveSettings(loc.dataDir, { embeddingEndpoint: 'http://127.0.0.1:3/v1', embeddingModel: 'from-settings' });
      expect((await chooseEmbeddingModel(loc)).endpoint).toMatchObject({
        endpoint: 'http://127.0.0.1:3/v1',
        model: 'from-settings',
      });
      process.env.OBSIQUERY_EMBEDDING_ENDPOINT = 'http://127.0.0.1:2/v1';
      process.env.OBSIQUERY_EMBEDDING_MODEL = 'from-env';
      try {
        expect(await chooseEmbeddingModel(loc)).toMatchObject({
          source: 'env',
          endpoint: { endpoint: 'http://127.0.0.1:2/v1', model: 'from-env' },
        });
        expect(
          await chooseEmbeddingModel(loc, { embeddingEndpoint: 'http://127.0.0.1:1/v1', embeddingModel: 'from-flag' }),
        ).toMatchObject({ source: 'cli', endpoint: { endpoint: 'http://127.0.0.1:1/v1', model: 'from-flag' } });
      } finally {
        delete process.env.OBSIQUERY_EMBEDDING_ENDPOINT;
        delete process.env.OBSIQUERY_EMBEDDING_MODEL;
      }
      await expect(chooseEmbeddingModel(loc, { embeddingEndpoint: 'http://127.0.0.1:1/v1' })).rejects.toThrow(
        /needs a model name/,
      );
    });
  });

  describe('a vault indexed through the endpoint', () => {
    beforeAll(async () => {
      const s = await open();
      try {
        const summary = await s.sync();
        expect(summary.failed).toBe(0);
        expect(summary.added).toBe(26);
      } finally {
        s.close();
      }
    }, 300_000);

    it('records the provider and model, and stores the bundled model’s vectors', async () => {
      const s = await open();
      try {
        expect(s.embedder.modelId).toBe(endpointModelId(MODEL));
        expect(s.index.db.getMeta('embedding_model')).toBe('endpoint:minilm-test');
        expect(s.index.db.getMeta('embedding_provider')).toBe('endpoint');
        expect(s.index.db.getMeta('embedding_endpoint')).toBe(server.url);
        expect(s.index.db.getMeta('embedding_dimension')).toBe('384');
        const row = s.findFile(GARDEN);
        const chunks = s.index.db.chunksOf(row.id);
        expect(chunks.length).toBeGreaterThan(0);
        const stored = await s.index.vectors.vectorsOf(chunks.map((c) => c.chunk_id));
        const want = await bundled.embed(chunks.map(embeddingText));
        chunks.forEach((c, i) => {
          const v = stored.get(c.chunk_id)!;
          expect(Math.max(...v.map((x, d) => Math.abs(x - want[i]![d]!)))).toBeLessThan(1e-5);
        });
      } finally {
        s.close();
      }
    });

    it('searches through the endpoint, and reopens by itself (no flags) with the endpoint it recorded', async () => {
      const s = await VaultService.open({ dataDir });
      try {
        expect(s.embedder.modelId).toBe('endpoint:minilm-test');
        const before = server.requests.length;
        const notices: string[] = [];
        const hits = await similaritySearch(s.index, s.embedder, {
          refined_query_for_vector_search: PUMP,
          perNote: true,
          onNotice: (n) => notices.push(n),
        });
        expect(server.requests.length).toBe(before + 1); // the query went to the endpoint
        expect(hits[0]?.source).toBe(GARDEN);
        expect(hits[0]?.dense_score).toBeGreaterThan(0.3);
        expect(notices).toEqual([]);
        // No cosine gate for an uncalibrated model: a question sharing no word with the notes finds nothing.
        expect(
          await similaritySearch(s.index, s.embedder, { refined_query_for_vector_search: 'zxqv wubblefrump' }),
        ).toEqual([]);
      } finally {
        s.close();
      }
    });

    it('the MCP server’s read-only reader embeds its queries through the recorded endpoint', async () => {
      const r = await openVaultReader({ dataDir });
      try {
        expect(r.modelId).toBe('endpoint:minilm-test');
        const before = server.requests.length;
        const hits = await similaritySearch(r.index, await r.embedder(), {
          refined_query_for_vector_search: PUMP,
          perNote: true,
        });
        expect(server.requests.length).toBe(before + 1);
        expect(hits[0]?.source).toBe(GARDEN);
      } finally {
        r.close();
      }
    });

    it('falls back to BM25 with a notice when the endpoint is down (search, web contract, CLI, agent)', async () => {
      const s = await VaultService.open({ dataDir });
      server.faults.down = true;
      try {
        const notices: string[] = [];
        const hits = await similaritySearch(s.index, s.embedder, {
          refined_query_for_vector_search: PUMP,
          perNote: true,
          onNotice: (n) => notices.push(n),
        });
        expect(notices).toHaveLength(1);
        expect(notices[0]).toMatch(/Embedding endpoint 127\.0\.0\.1:\d+ is unreachable.*keyword \(BM25\) matches only/);
        expect(hits.map((h) => h.source)).toContain(GARDEN);
        expect(hits.every((h) => h.dense_score === null && h.sparse_score !== null)).toBe(true);
        // A dense-only search has nothing to fall back to: it fails (and similaritySearch returns nothing).
        expect(
          await similaritySearch(s.index, s.embedder, { refined_query_for_vector_search: PUMP, mode: 'dense' }),
        ).toEqual([]);

        // Over the typed contract, as the UI gets it.
        const backend = new Backend(() => {
          throw new Error('no worker needed');
        });
        try {
          await backend.openVault(vault, dataDir);
          const res = (await backend.handle('search:query', { query: PUMP })) as {
            hits: { source: string }[];
            notices: string[];
          };
          expect(res.hits.map((h) => h.source)).toContain(GARDEN);
          expect(res.notices[0]).toMatch(/keyword \(BM25\) matches only/);
        } finally {
          await backend.close();
        }

        // The agent's retrieval: the answer still comes from the notes, and says why it is keywords only.
        const chat = await createChatService(s, { model: null });
        try {
          const r = await chat.ask('t-down', PUMP);
          expect(r.notices.some((n) => /keyword \(BM25\) matches only/.test(n))).toBe(true);
          // Without meaning the words rank the sentences, and the relevance rule (issue 24) may prefer another
          // note's sentence that shares more of the question's words: what is guaranteed is a cited answer from
          // the keyword hits, not which of them.
          expect(r.sources.length, r.answer).toBeGreaterThan(0);
          const keywordHits = new Set(hits.map((h) => h.source));
          for (const x of r.sources) expect(keywordHits.has(x.source), x.source).toBe(true);
        } finally {
          await chat.close();
        }
      } finally {
        server.faults.down = false;
        s.close();
      }
      // The CLI: results on stdout, the notice on stderr.
      server.faults.down = true;
      try {
        const r = await runCli(['search', '--data', dataDir, PUMP], { home: path.join(tmp.dir, 'home') });
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).toMatch(/notice: Embedding endpoint .* keyword \(BM25\) matches only/);
        expect(r.stdout).toContain(GARDEN);
      } finally {
        server.faults.down = false;
      }
    }, 300_000);

    it('an endpoint down during a sync fails the changed notes, keeps the index, and the next sync retries', async () => {
      const changed = ['Projects/Garden Irrigation.md', 'People/Maya Chen.md'];
      for (const note of changed)
        appendFileSync(path.join(vault, note), '\n\nAdded later: the pump log moved to the shed.\n');
      const s = await open();
      try {
        const ids = changed.map((note) => s.findFile(note).id);
        const chunksBefore = ids.map((id) => s.index.db.chunkIdsOf(id));
        server.faults.down = true;
        const summary = await s.sync();
        expect(summary.failed).toBe(2);
        for (const [i, id] of ids.entries()) {
          const row = s.files().find((f) => f.id === id)!;
          expect(row.status).toBe('failed');
          expect(row.error_message).toMatch(/Embedding endpoint 127\.0\.0\.1:\d+ is unreachable/);
          // What was indexed stays searchable.
          expect(s.index.db.chunkIdsOf(id)).toEqual(chunksBefore[i]);
          expect(await s.index.vectors.count(`file_id = ${id}`)).toBe(chunksBefore[i]!.length);
        }
        expect(s.index.db.countsByStatus().completed).toBe(24);

        server.faults.down = false;
        const retry = await s.sync();
        expect(retry.failed).toBe(0);
        expect(retry.modified).toBe(2);
        expect(s.index.db.countsByStatus().completed).toBe(26);
        const hits = await similaritySearch(s.index, s.embedder, {
          refined_query_for_vector_search: 'pump log moved to the shed',
          perNote: true,
        });
        expect(hits.map((h) => h.source)).toContain(GARDEN);
      } finally {
        server.faults.down = false;
        s.close();
      }
    }, 300_000);

    it('an endpoint that goes away mid-sync: notes embedded before stay completed, the rest fail, a retry finishes', async () => {
      const dir = path.join(tmp.dir, 'data-mid');
      const s = await VaultService.open({ vault, dataDir: dir, embeddingEndpoint: server.url, embeddingModel: MODEL });
      try {
        server.faults.downAfter = 6;
        const summary = await s.sync();
        const counts = s.index.db.countsByStatus();
        expect(summary.failed).toBeGreaterThan(0);
        expect(counts.completed).toBeGreaterThan(0);
        expect(counts.completed + counts.failed).toBe(26);
        expect(await s.index.vectors.count()).toBe(counts.chunks);
        const failed = s.files('failed');
        expect(
          failed.every((f) => /Embedding endpoint 127\.0\.0\.1:\d+ is unreachable/.test(f.error_message ?? '')),
        ).toBe(true);
        delete server.faults.downAfter;
        const retry = await s.sync();
        expect(retry.failed).toBe(0);
        expect(retry.added).toBe(failed.length);
        expect(s.index.db.countsByStatus().completed).toBe(26);
      } finally {
        delete server.faults.downAfter;
        s.close();
      }
    }, 300_000);

    it('a slow endpoint times out: the notes fail with the timeout, nothing hangs', async () => {
      const dir = path.join(tmp.dir, 'data-slow');
      process.env.OBSIQUERY_EMBEDDING_TIMEOUT_MS = '400';
      const s = await VaultService.open({ vault, dataDir: dir, embeddingEndpoint: server.url, embeddingModel: MODEL });
      server.faults.delayMs = 3000;
      try {
        const t = Date.now();
        const summary = await s.sync();
        expect(summary.failed).toBe(26);
        expect(Date.now() - t).toBeLessThan(20_000);
        expect(s.files('failed')[0]!.error_message).toMatch(/did not answer within 0.4 s/);
      } finally {
        delete server.faults.delayMs;
        delete process.env.OBSIQUERY_EMBEDDING_TIMEOUT_MS;
        s.close();
      }
    }, 120_000);

    it('switching provider or model needs a re-index; vectors never mix', async () => {
      // The endpoint-built index refuses the bundled model, and another endpoint model…
      await expect(VaultService.open({ vault, dataDir, embeddingModel: FAST_EMBEDDING_MODEL })).rejects.toThrow(
        ModelMismatchError,
      );
      const other = await startEmbeddingServer(bundled, 'other-model');
      try {
        await expect(open({ embeddingEndpoint: other.url, embeddingModel: 'other-model' })).rejects.toThrow(
          /built with the embedding model "endpoint:minilm-test", but ObsiQuery now uses "endpoint:other-model"/,
        );
        // The same model at another address is the same model: the index opens.
        const moved = await open({ embeddingEndpoint: server.url.replace('127.0.0.1', 'localhost') });
        moved.close();
      } finally {
        await other.close();
      }
      // …and a bundled index refuses the endpoint, with the same message as between bundled models.
      const bundledDir = path.join(tmp.dir, 'data-bundled');
      const b = await VaultService.open({ vault, dataDir: bundledDir, embeddingModel: FAST_EMBEDDING_MODEL });
      try {
        await b.sync();
      } finally {
        b.close();
      }
      const err = await open({ dataDir: bundledDir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModelMismatchError);
      expect((err as Error).message).toMatch(
        /built with the embedding model "all-MiniLM-L6-v2-int8", but ObsiQuery now uses "endpoint:minilm-test".*re-index/,
      );
      // Settings name an endpoint: the existing index keeps its model until it is re-indexed.
      saveSettings(bundledDir, { embeddingEndpoint: server.url, embeddingModel: MODEL });
      const kept = await VaultService.open({ dataDir: bundledDir });
      try {
        expect(kept.embedder.modelId).toBe(FAST_EMBEDDING_MODEL);
      } finally {
        kept.close();
      }
      const re = await VaultService.open({ dataDir: bundledDir, reindex: true });
      try {
        expect(re.embedder.modelId).toBe('endpoint:minilm-test');
        const summary = await re.sync();
        expect(summary.failed).toBe(0);
        expect(re.index.db.getMeta('embedding_provider')).toBe('endpoint');
        expect(await re.index.vectors.count()).toBe(re.index.db.countsByStatus().chunks);
      } finally {
        re.close();
      }
    }, 300_000);
  });
});
