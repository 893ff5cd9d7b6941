import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { repoRoot, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { readQueries } from '../../src/search/evaluate.js';
import { sparseSearch } from '../../src/store/sparse.js';
import { IndexDb } from '../../src/store/indexDb.js';
import { migrations } from '../../src/store/migrations.js';

/**
 * BM25 in every script (issue 18): small vaults in Spanish, German, Chinese and Japanese, with accents, English
 * technical terms inside other languages, and questions written the way a user types them (no accents, "ss" for
 * "ß", no spaces between Chinese or Japanese words). BM25 alone must put the right note first for every question.
 * These vaults are about tokenising, not ranking models, so they index with the small bundled embedder.
 */
const fixtures = path.join(repoRoot, 'test/fixtures/multilingual');
const LANGS = ['es', 'de', 'zh', 'ja'] as const;

describe('BM25 finds the right note in Spanish, German, Chinese and Japanese vaults', () => {
  const tmp = tempDir('obq-multilingual-');
  const services = new Map<string, VaultService>();

  beforeAll(async () => {
    useFastEmbedder();
    for (const lang of LANGS) {
      const service = await VaultService.open({
        vault: path.join(fixtures, lang, 'vault'),
        dataDir: path.join(tmp.dir, lang),
      });
      const summary = await service.sync();
      expect(summary.failed).toBe(0);
      services.set(lang, service);
    }
  }, 600_000);
  afterAll(() => {
    for (const s of services.values()) s.close();
    tmp.cleanup();
  });

  it.each(LANGS)('%s: every question has its note as the top BM25 hit', (lang) => {
    const index = services.get(lang)!.index.db;
    const questions = readQueries(path.join(fixtures, lang, 'questions.jsonl'));
    expect(questions.length).toBeGreaterThanOrEqual(5);
    const misses = questions
      .map((q) => ({ q: q.q, want: q.rel[0], got: sparseSearch(index, q.q, 5)[0]?.source }))
      .filter((r) => r.got !== r.want);
    expect(misses).toEqual([]);
  });

  it('accent-folded, ß-folded and accented spellings find the same notes', () => {
    const es = services.get('es')!.index.db;
    const de = services.get('de')!.index.db;
    const top = (index: typeof es, q: string) => sparseSearch(index, q, 1)[0]?.source;
    expect(top(es, 'canción')).toBe('Música/Canción para el aniversario.md');
    expect(top(es, 'CANCION')).toBe('Música/Canción para el aniversario.md');
    // A plural finds the singular through the query word's English stem (no Spanish stemmer).
    expect(top(es, 'canciones')).toBe('Música/Canción para el aniversario.md');
    expect(top(de, 'Leopoldstraße')).toBe('Projekte/Umzug nach München.md');
    expect(top(de, 'leopoldstrasse')).toBe('Projekte/Umzug nach München.md');
    expect(top(de, 'Käsespätzle')).toBe('Rezepte/Käsespätzle.md');
  });

  it('exact terms keep their recall: code, numbers and English names inside other languages', () => {
    const top = (lang: string, q: string) => sparseSearch(services.get(lang)!.index.db, q, 1)[0]?.source;
    expect(top('es', '192.168.1.40')).toBe('Proyectos/Migración del servidor.md');
    expect(top('es', 'pg_dump')).toBe('Proyectos/Migración del servidor.md');
    expect(top('de', 'kubectl')).toBe('Arbeit/Kubernetes Deployment.md');
    expect(top('zh', 'Nginx')).toBe('项目/家庭服务器迁移.md');
    expect(top('ja', 'Arduino')).toBe('プロジェクト/家庭菜園の自動水やり.md');
    expect(top('ja', '12月15日')).toBe('仕事/週次ミーティング.md');
  });
});

describe('migration 5 rebuilds an existing BM25 index from the stored chunk texts', () => {
  const tmp = tempDir('obq-fts-migration-');
  afterAll(() => tmp.cleanup());

  it('an index written with the English-only tokenizer becomes searchable in Japanese, keeping its rows', () => {
    // An index as the previous release left it: schema 4, FTS5 with porter unicode61 filled by its triggers.
    const file = path.join(tmp.dir, 'obq.sqlite');
    const old = new Database(file);
    for (const sql of migrations.slice(0, 4)) old.exec(sql);
    old.pragma('user_version = 4');
    const fileId = Number(
      old
        .prepare(
          `insert into obq_log(file_name, file_path, last_modified, status) values ('a.md', 'a.md', 0, 'completed')`,
        )
        .run().lastInsertRowid,
    );
    const insert = old.prepare(
      `insert into obq_chunks(chunk_id, file_id, source, folder, title, section_title, header_path, chunk_index,
         total_chunks, start_line, end_line, start_pos, end_pos, token_count, contains_code, code_language, tags,
         mtime, note_date, aliases, page_content)
       values (?, ?, ?, '', ?, '', '', ?, 2, 0, 1, 0, 1, 10, 0, '', '', 0, null, '', ?)`,
    );
    insert.run('c1', fileId, 'ボールト.md', 'ボールト', 0, 'ボールトとは、ノートを保存するフォルダーのことです。');
    insert.run('c2', fileId, 'ボールト.md', 'ボールト', 1, 'Running several vaults at once is supported.');
    const legacy = old.prepare(`select count(*) as n from obq_chunks_fts where obq_chunks_fts match '"フォルダー"'`);
    expect((legacy.get() as { n: number }).n).toBe(0); // the whole sentence was one token
    old.close();

    const db = IndexDb.open(tmp.dir);
    try {
      expect(db.db.pragma('user_version', { simple: true })).toBe(migrations.length);
      expect(sparseSearch(db, 'フォルダーとは', 5).map((h) => h.chunk_id)).toEqual(['c1']);
      // English keeps its stemming: "run" finds "Running".
      expect(sparseSearch(db, 'run vault', 5).map((h) => h.chunk_id)).toEqual(['c2']);
      db.db.prepare(`insert into obq_chunks_fts(obq_chunks_fts, rank) values ('integrity-check', 1)`).run();
      // Deleting chunks (a re-indexed or removed note) removes their terms.
      db.clearChunks([fileId]);
      expect(sparseSearch(db, 'フォルダー', 5)).toEqual([]);
      expect((db.db.prepare('select count(*) as n from obq_chunks_fts').get() as { n: number }).n).toBe(0);
    } finally {
      db.close();
    }
  });
});
