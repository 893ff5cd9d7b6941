import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { tempDir } from '../helpers/fixtures.js';
import { IndexDb } from '../../src/store/indexDb.js';
import { sparseSearch } from '../../src/store/sparse.js';

/**
 * Arabic BM25 terms are written without the article (src/text/segment.ts foldText), so a question's "وظيفة" (job)
 * finds the note's "الوظيفة"; migration 8 indexes the Arabic and Hebrew chunks of an older index again, and no other.
 */
describe('Arabic search terms', () => {
  const tmp = tempDir('obq-arabic-');
  afterAll(() => tmp.cleanup());

  function indexWith(dir: string, notes: Record<string, string>): IndexDb {
    const db = IndexDb.open(dir);
    const insertNote = db.db.prepare(
      `insert into obq_log(file_name, file_path, last_modified, status) values (?, ?, 0, 'completed')`,
    );
    const insertChunk = db.db.prepare(
      `insert into obq_chunks(chunk_id, file_id, source, folder, title, section_title, header_path, chunk_index,
         total_chunks, start_line, end_line, start_pos, end_pos, token_count, contains_code, code_language, tags,
         mtime, note_date, aliases, page_content)
       values (?, ?, ?, '', ?, '', '', 0, 1, 0, 1, 0, 1, 10, 0, '', '', 0, null, '', ?)`,
    );
    db.db.transaction(() => {
      for (const [source, text] of Object.entries(notes)) {
        const fileId = Number(insertNote.run(source, source).lastInsertRowid);
        insertChunk.run(source, fileId, source, source.replace(/\.md$/, ''), text);
      }
    })();
    return db;
  }

  const notes = {
    'مايا.md': 'الوظيفة: مصممة منتجات في شركة صغيرة.',
    'الصحة.md': 'موعد طبيب الأسنان في الثالث من ديسمبر.',
    'Garden.md': 'Tomatoes need water every morning.',
  };

  it('finds a note writing a word with the article by the word without it, and the other way round', () => {
    const db = indexWith(tmp.dir + '/new', notes);
    try {
      expect(sparseSearch(db, 'ما هي وظيفة مايا؟', 5).map((h) => h.source)).toEqual(['مايا.md']);
      expect(sparseSearch(db, 'متى موعد الطبيب؟', 5).map((h) => h.source)).toEqual(['الصحة.md']);
      // A title's article goes too: "صحة" finds "الصحة".
      expect(sparseSearch(db, 'صحة', 5).map((h) => h.source)).toEqual(['الصحة.md']);
    } finally {
      db.close();
    }
  });

  it('an index from before migration 8 has its Arabic chunks indexed again when opened, and no other', () => {
    const dir = tmp.dir + '/v7';
    indexWith(dir, notes).close();
    // What the build before held: Arabic terms with their article, as words() wrote them then. The English chunk gets
    // a term no build makes, which must survive: only Arabic and Hebrew chunks are indexed again.
    const raw = new Database(dir + '/obq.sqlite');
    const rowid = (source: string) =>
      (raw.prepare('select rowid from obq_chunks where source = ?').get(source) as { rowid: number }).rowid;
    const put = raw.prepare(
      `insert into obq_chunks_fts(rowid, title, aliases, header_path, page_content) values (?, ?, '', '', ?)`,
    );
    raw.prepare('delete from obq_chunks_fts').run();
    put.run(rowid('مايا.md'), 'مايا', 'الوظيفة مصممة منتجات في شركة صغيرة');
    put.run(rowid('الصحة.md'), 'الصحة', 'موعد طبيب الأسنان في الثالث من ديسمبر');
    put.run(rowid('Garden.md'), 'garden', 'tomato need water everi morn untouchedsentinel');
    raw.pragma('user_version = 7');
    raw.close();
    const db = IndexDb.open(dir);
    try {
      expect(db.schemaVersion).toBe(8);
      expect(sparseSearch(db, 'ما هي وظيفة مايا؟', 5).map((h) => h.source)).toEqual(['مايا.md']);
      expect(sparseSearch(db, 'صحة', 5).map((h) => h.source)).toEqual(['الصحة.md']);
      expect(sparseSearch(db, 'untouchedsentinel', 5).map((h) => h.source)).toEqual(['Garden.md']);
    } finally {
      db.close();
    }
  });
});
