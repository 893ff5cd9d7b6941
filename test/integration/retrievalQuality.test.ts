import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusOhelp, devEval, tempDir } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { evaluate, readQueries } from '../../src/search/evaluate.js';
import { loadManifest } from '../../src/models/manifest.js';

/**
 * Issue 4's bar, on the shipped default: the dev questions over the real Obsidian help vault, indexed
 * from scratch with the default embedder, scored for all three systems in one run. The corpus is
 * read-only: the index lives in a temp data folder.
 */
describe('retrieval quality on the dev set (default embedder)', () => {
  let tmp: ReturnType<typeof tempDir>;
  let service: VaultService;

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

  it('hybrid reaches Recall@5 >= 0.9 and MRR@10 >= 0.75, and beats dense-only and BM25-only', async () => {
    expect(service.embedder.modelId).toBe(loadManifest().embedding.id);
    const m = await evaluate(service.index, service.embedder, readQueries(devEval));
    console.log(`[eval] dev set, ${service.embedder.modelId}: ${JSON.stringify(m)}`);
    expect(m.hybrid.queries).toBe(20);
    expect(m.hybrid.recall_at_5).toBeGreaterThanOrEqual(0.9);
    expect(m.hybrid.mrr_at_10).toBeGreaterThanOrEqual(0.75);
    for (const single of [m.dense, m.sparse]) {
      expect(m.hybrid.recall_at_5).toBeGreaterThanOrEqual(single.recall_at_5);
      expect(m.hybrid.mrr_at_10).toBeGreaterThan(single.mrr_at_10);
      expect(m.hybrid.ndcg_at_10).toBeGreaterThan(single.ndcg_at_10);
    }
  });
});
