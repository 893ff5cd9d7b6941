import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { corpusOhelp, corpusOhelpJa, devEval, devEvalJa, repoRoot, sampleVault, tempDir } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { evaluate, readQueries, type Metrics } from '../../src/search/evaluate.js';
import { loadManifest } from '../../src/models/manifest.js';

/**
 * Issue 4's bar, on the shipped default: questions over the real Obsidian help vault, indexed from scratch
 * with the default embedder, scored for all three systems in one run. Two question sets: the shared dev set
 * the search was tuned on, and a held-out set written from the notes without looking at search results
 * (eval/ohelp-heldout.jsonl), so a setting that only fits the dev set shows up here. The corpus is read-only:
 * the index lives in a temp data folder.
 */
const heldOut = path.join(repoRoot, 'eval/ohelp-heldout.jsonl');

describe('retrieval quality on the Obsidian help vault (default embedder)', () => {
  let tmp: ReturnType<typeof tempDir>;
  let service: VaultService;
  const run = (file: string, settings = {}) =>
    evaluate(service.index, service.embedder, readQueries(file), ['dense', 'sparse', 'hybrid'], settings);
  const log = (name: string, m: Record<string, Metrics>) =>
    console.log(`[eval] ${name}, ${service.embedder.modelId}: ${JSON.stringify(m)}`);

  beforeAll(async () => {
    delete process.env.OBSIQUERY_EMBEDDING_MODEL;
    tmp = tempDir('obq-quality-');
    service = await VaultService.open({ vault: corpusOhelp, dataDir: tmp.dir });
    const summary = await service.sync();
    expect(summary.failed).toBe(0);
  }, 900_000);
  afterAll(() => {
    service?.close();
    tmp?.cleanup();
  });

  it('dev set: hybrid reaches Recall@5 >= 0.9 and MRR@10 >= 0.75, and ranks better than dense-only and BM25-only', async () => {
    expect(service.embedder.modelId).toBe(loadManifest().embedding.id);
    const m = await run(devEval);
    log('dev set', m);
    expect(m.hybrid.queries).toBe(20);
    expect(m.hybrid.recall_at_5).toBeGreaterThanOrEqual(0.9);
    expect(m.hybrid.mrr_at_10).toBeGreaterThanOrEqual(0.75);
    expect(m.hybrid.recall_at_5).toBeGreaterThanOrEqual(m.sparse.recall_at_5);
    for (const single of [m.dense, m.sparse]) {
      expect(m.hybrid.mrr_at_10).toBeGreaterThan(single.mrr_at_10);
      expect(m.hybrid.ndcg_at_10).toBeGreaterThan(single.ndcg_at_10);
    }
  });

  it('held-out set: hybrid beats dense-only and BM25-only on Recall@5, MRR@10 and nDCG@10', async () => {
    const m = await run(heldOut);
    log('held-out set', m);
    expect(m.hybrid.queries).toBe(30);
    expect(m.hybrid.recall_at_5).toBeGreaterThanOrEqual(0.9);
    for (const single of [m.dense, m.sparse]) {
      expect(m.hybrid.recall_at_5).toBeGreaterThan(single.recall_at_5);
      expect(m.hybrid.mrr_at_10).toBeGreaterThan(single.mrr_at_10);
      expect(m.hybrid.ndcg_at_10).toBeGreaterThan(single.ndcg_at_10);
    }
  });

  it('the wikilink boost earns its place: hybrid MRR@10 is higher with it than without, on both sets', async () => {
    for (const file of [devEval, heldOut]) {
      const on = (await run(file)).hybrid;
      const off = (await run(file, { linkBoost: 0 })).hybrid;
      console.log(`[eval] ${path.basename(file)} link boost on ${JSON.stringify(on)} off ${JSON.stringify(off)}`);
      expect(on.mrr_at_10, path.basename(file)).toBeGreaterThan(off.mrr_at_10);
      expect(on.recall_at_5, path.basename(file)).toBeGreaterThanOrEqual(off.recall_at_5);
    }
  });
});

/**
 * Fact questions about a personal vault (dates, names, numbers in daily notes and people pages): the kind
 * the help-vault questions under-represent and where exact words matter most.
 */
describe('retrieval quality on the sample vault (default embedder)', () => {
  let tmp: ReturnType<typeof tempDir>;
  let service: VaultService;

  beforeAll(async () => {
    delete process.env.OBSIQUERY_EMBEDDING_MODEL;
    tmp = tempDir('obq-quality-sample-');
    service = await VaultService.open({ vault: sampleVault, dataDir: tmp.dir });
    expect((await service.sync()).failed).toBe(0);
  }, 600_000);
  afterAll(() => {
    service?.close();
    tmp?.cleanup();
  });

  it('hybrid beats dense-only and BM25-only on Recall@5, MRR@10 and nDCG@10', async () => {
    const m = await evaluate(
      service.index,
      service.embedder,
      readQueries(path.join(repoRoot, 'eval/sample-vault.jsonl')),
    );
    console.log(`[eval] sample vault, ${service.embedder.modelId}: ${JSON.stringify(m)}`);
    expect(m.hybrid.queries).toBe(20);
    for (const single of [m.dense, m.sparse]) {
      expect(m.hybrid.recall_at_5).toBeGreaterThan(single.recall_at_5);
      expect(m.hybrid.mrr_at_10).toBeGreaterThan(single.mrr_at_10);
      expect(m.hybrid.ndcg_at_10).toBeGreaterThan(single.ndcg_at_10);
    }
  });
});

/**
 * Issue 18's bar for Japanese: the Japanese help vault indexed from scratch picks the multilingual embedder by
 * itself (its language is detected), BM25 segments Japanese into words, and hybrid search must reach Recall@5
 * >= 0.85 and MRR@10 >= 0.70 while beating both single systems. The CJK dense weight was chosen on this very
 * set (there is no held-out Japanese set yet), so this guards the shipped behaviour, not generalisation.
 */
describe('retrieval quality on the Japanese help vault (embedder chosen by language)', () => {
  let tmp: ReturnType<typeof tempDir>;
  let service: VaultService;

  beforeAll(async () => {
    delete process.env.OBSIQUERY_EMBEDDING_MODEL;
    tmp = tempDir('obq-quality-ja-');
    service = await VaultService.open({ vault: corpusOhelpJa, dataDir: tmp.dir });
    expect((await service.sync()).failed).toBe(0);
  }, 900_000);
  afterAll(() => {
    service?.close();
    tmp?.cleanup();
  });

  it('hybrid reaches Recall@5 >= 0.85 and MRR@10 >= 0.70, above dense-only and BM25-only', async () => {
    expect(service.embedder.modelId).toBe('multilingual-e5-small-int8');
    const m = await evaluate(service.index, service.embedder, readQueries(devEvalJa));
    console.log(`[eval] dev-ohelp-ja, ${service.embedder.modelId}: ${JSON.stringify(m)}`);
    expect(m.hybrid.queries).toBe(20);
    expect(m.hybrid.recall_at_5).toBeGreaterThanOrEqual(0.85);
    expect(m.hybrid.mrr_at_10).toBeGreaterThanOrEqual(0.7);
    for (const single of [m.dense, m.sparse]) {
      expect(m.hybrid.recall_at_5).toBeGreaterThanOrEqual(single.recall_at_5);
      expect(m.hybrid.mrr_at_10).toBeGreaterThan(single.mrr_at_10);
    }
  });
});
