import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { tempDir, writeNotes } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';
import { cosine } from '../../src/models/embedder.js';
import { embeddingText, sentenceTexts } from '../../src/pipeline/chunkRecords.js';

/**
 * Sentence vectors (README, "Sentence vectors"): a Japanese or Chinese chunk's sentences are embedded at sync, stored
 * with the chunk in SQLite, replaced and dropped with it, and a Japanese query's candidates are scored by the mean of
 * their chunk's cosine and their best sentence's. Real multilingual embedder, real index.
 */
const JA_NOTE = [
  '# 同期の設定',
  '',
  '同期を使うと、すべての端末でノートが最新の状態に保たれます。',
  '設定画面の「同期」タブから、同期するフォルダを選べます。',
  'テーマやホットキーなどの設定ファイルも同期の対象にできます。',
].join('\n');
const EN_NOTE = '# Sync settings\n\nSync keeps your notes up to date on every device. Choose the folders to sync.';

describe('sentence vectors of Japanese and Chinese chunks', () => {
  const tmp = tempDir('obq-sentences-');
  const vault = path.join(tmp.dir, 'vault');
  let service: VaultService;
  const sentenceRows = () =>
    service.index.db.db
      .prepare(
        `select c.source, length(s.vectors) as bytes from obq_sentence_vectors s
         join obq_chunks c on c.rowid = s.chunk_rowid`,
      )
      .all() as { source: string; bytes: number }[];
  const orphanRows = () =>
    (
      service.index.db.db
        .prepare(
          'select count(*) as n from obq_sentence_vectors where chunk_rowid not in (select rowid from obq_chunks)',
        )
        .get() as { n: number }
    ).n;

  beforeAll(async () => {
    writeNotes(vault, { '同期.md': JA_NOTE, 'Sync.md': EN_NOTE });
    service = await VaultService.open({
      vault,
      dataDir: path.join(tmp.dir, 'data'),
      embeddingModel: 'multilingual-e5-small-int8',
    });
    expect((await service.sync()).failed).toBe(0);
  }, 300_000);
  afterAll(() => {
    service?.close();
    tmp.cleanup();
  });

  it('a Japanese chunk gets one vector per sentence; an English chunk none', () => {
    const rows = sentenceRows();
    expect(rows.map((r) => r.source)).toEqual(['同期.md']);
    // Three sentences of 384 float32 values (the heading is not a sentence: headings go with the heading path).
    expect(rows[0]!.bytes).toBe(3 * 384 * 4);
    expect(sentenceTexts({ title: 'Sync', header_path: 'Sync settings', page_content: EN_NOTE })).toEqual([]);
  });

  it('a Japanese query is scored by its best sentence too; an English query by the chunk alone', async () => {
    const search = (q: string) =>
      similaritySearch(service.index, service.embedder, {
        refined_query_for_vector_search: q,
        metadata_filters: {},
        filter_by_filenames: [],
        k: 5,
        mode: 'dense',
        threshold: 0,
        dateAware: false,
      });
    const chunk = service.index.db.db
      .prepare(`select title, header_path, page_content from obq_chunks where source = '同期.md'`)
      .get() as { title: string; header_path: string; page_content: string };
    const ja = 'ホットキーの設定もほかの端末にそろえたい';
    const [q] = await service.embedder.embed([ja], { kind: 'query' });
    const [chunkVector] = await service.embedder.embed([embeddingText(chunk)]);
    const sentenceVectors = await service.embedder.embed(sentenceTexts(chunk));
    const best = Math.max(...sentenceVectors.map((v) => cosine(q!, v)));
    const hit = (await search(ja)).find((r) => r.source === '同期.md')!;
    expect(hit.dense_score).toBeCloseTo((cosine(q!, chunkVector!) + best) / 2, 4);

    const en = 'sync theme and hotkey settings to my other devices';
    const [qe] = await service.embedder.embed([en], { kind: 'query' });
    const enHit = (await search(en)).find((r) => r.source === '同期.md')!;
    expect(enHit.dense_score).toBeCloseTo(cosine(qe!, chunkVector!), 4);
  });

  it('an English embedder, not calibrated for them, stores none', async () => {
    const english = await VaultService.open({
      vault,
      dataDir: path.join(tmp.dir, 'data-minilm'),
      embeddingModel: 'all-MiniLM-L6-v2-int8',
    });
    try {
      expect((await english.sync()).failed).toBe(0);
      const n = english.index.db.db.prepare('select count(*) as n from obq_sentence_vectors').get() as { n: number };
      expect(n.n).toBe(0);
    } finally {
      english.close();
    }
  });

  it('an index written before sentence vectors gains them at the next sync, re-indexing only those notes, once', async () => {
    // What an index from before migration 6 holds after migrating: its chunks, an empty sentence table, no check made.
    service.index.db.db.exec(
      `delete from obq_sentence_vectors; delete from obq_meta where key = 'sentence_vectors_checked'`,
    );
    const englishChunk = service.index.db.chunkIdsOf(service.index.db.fileByPath(path.join(vault, 'Sync.md'))!.id);
    expect(englishChunk.length).toBe(1);

    const upgrade = await service.sync();
    expect(upgrade.failed).toBe(0);
    // The Japanese note's chunks were replaced (re-embedded with their sentences); the English note's kept. Each note
    // is counted once: the Japanese one as indexed again (modified), the English one as unchanged.
    expect([upgrade.chunks_deleted, upgrade.chunks_added]).toEqual([1, 1]);
    expect([upgrade.modified, upgrade.unchanged]).toEqual([1, 1]);
    expect(sentenceRows()).toEqual([{ source: '同期.md', bytes: 3 * 384 * 4 }]);
    expect(service.index.db.chunkIdsOf(service.index.db.fileByPath(path.join(vault, 'Sync.md'))!.id)).toEqual(
      englishChunk,
    );

    const next = await service.sync();
    expect([next.chunks_deleted, next.chunks_added]).toEqual([0, 0]);
  });

  it('an edited note replaces its sentence vectors, a deleted note takes them along', async () => {
    writeNotes(vault, { '同期.md': `${JA_NOTE}\n暗号化された保管庫も同期できます。` }, new Date(Date.now() + 60_000));
    expect((await service.sync()).failed).toBe(0);
    expect(sentenceRows()).toEqual([{ source: '同期.md', bytes: 4 * 384 * 4 }]);
    expect(orphanRows()).toBe(0);

    rmSync(path.join(vault, '同期.md'));
    await service.sync();
    expect(sentenceRows()).toEqual([]);
    expect(orphanRows()).toBe(0);
  });
});
