import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { tempDir } from '../helpers/fixtures.js';
import { IndexDb } from '../../src/store/indexDb.js';
import { migrations } from '../../src/store/migrations.js';

/**
 * What one note shows (a preview, an outline, a mention list's lines) is read by its path many times per answer.
 * Each such lookup must go through an index, whatever the vault's size: a scan of obq_chunks grows with the vault.
 * The SQL each IndexDb method runs is captured as it is prepared and put to SQLite's EXPLAIN QUERY PLAN.
 */
describe('IndexDb looks a note up by its path through an index', () => {
  const tmp = tempDir('obq-lookups-');
  afterAll(() => tmp.cleanup());

  function indexWithNotes(dir: string): IndexDb {
    const db = IndexDb.open(dir);
    const insertNote = db.db.prepare(
      `insert into obq_log(file_name, file_path, last_modified, status) values (?, ?, 0, 'completed')`,
    );
    const insertChunk = db.db.prepare(
      `insert into obq_chunks(chunk_id, file_id, source, folder, title, section_title, header_path, chunk_index,
         total_chunks, start_line, end_line, start_pos, end_pos, token_count, contains_code, code_language, tags,
         mtime, note_date, aliases, page_content)
       values (?, ?, ?, '', ?, '', '', ?, 2, 0, 1, 0, 1, 10, 0, '', '', 0, null, '', ?)`,
    );
    db.db.transaction(() => {
      for (let n = 0; n < 300; n++) {
        const source = `Folder ${n % 7}/Note ${n}.md`;
        const fileId = Number(insertNote.run(`Note ${n}.md`, source).lastInsertRowid);
        for (let i = 0; i < 2; i++) insertChunk.run(`c${n}-${i}`, fileId, source, `Note ${n}`, i, `Text ${n} ${i}.`);
      }
    })();
    // Statistics as a long-used index has them, so the planner chooses as it would on a real vault.
    db.db.exec('analyze');
    return db;
  }

  /**
   * Runs `read` with every statement it prepares passed through `spy` (which may wrap it; it gets the unspied prepare
   * for statements of its own), then restores prepare.
   */
  function preparing(
    db: IndexDb,
    spy: (sql: string, stmt: Database.Statement, prepare: (sql: string) => Database.Statement) => Database.Statement,
    read: () => unknown,
  ) {
    const raw = db.db;
    const prepare = raw.prepare.bind(raw);
    raw.prepare = ((sql: string) => spy(sql, prepare(sql), prepare)) as typeof raw.prepare;
    try {
      read();
    } finally {
      raw.prepare = prepare;
    }
  }

  /** Runs `read` and returns SQLite's plan for each statement it prepared, with the arguments it ran it with. */
  function plansOf(db: IndexDb, read: () => unknown): string[][] {
    const plans: string[][] = [];
    preparing(
      db,
      (sql, stmt, prepare) => {
        const explain = (args: unknown[]) =>
          plans.push((prepare(`explain query plan ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail));
        return new Proxy(stmt, {
          get(target, key) {
            const value = Reflect.get(target, key, target) as unknown;
            if ((key === 'all' || key === 'get') && typeof value === 'function')
              return (...args: unknown[]) => {
                explain(args);
                return (value as (...a: unknown[]) => unknown).apply(target, args);
              };
            return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
        });
      },
      read,
    );
    return plans;
  }

  /** A plan step that reads every row of obq_chunks (SQLite says "SCAN c" or "SCAN obq_chunks"). */
  const scansChunks = (plans: string[][]) =>
    plans.flat().filter((step) => /^SCAN (c|obq_chunks)\b/.test(step) && !/USING (COVERING )?INDEX/.test(step));

  it('the chunks of a note, its listing and the first chunks of several notes', () => {
    const db = indexWithNotes(tmp.dir);
    try {
      expect(db.db.pragma('user_version', { simple: true })).toBe(migrations.length);
      const lookups: [string, () => unknown][] = [
        ['chunksOfNote', () => expect(db.chunksOfNote('Folder 3/Note 150.md')).toHaveLength(2)],
        ['noteSummary', () => expect(db.noteSummary('Folder 3/Note 150.md')?.title).toBe('Note 150')],
        ['firstChunksOf', () => expect(db.firstChunksOf(['Folder 1/Note 8.md', 'Folder 2/Note 9.md'])).toHaveLength(2)],
      ];
      for (const [name, read] of lookups) {
        const plans = plansOf(db, read);
        expect(plans.length, name).toBeGreaterThan(0);
        expect(scansChunks(plans), `${name}: ${JSON.stringify(plans)}`).toEqual([]);
      }
    } finally {
      db.close();
    }
  });

  it("knows notes by name from one read per change of the index, its own writes and another connection's", () => {
    const dir = tmp.dir + '/names';
    const db = indexWithNotes(dir);
    try {
      // The SQL statements a lookup prepares that read obq_chunks (the version check reads no table).
      const notesRead = () => {
        let reads = 0;
        preparing(
          db,
          (sql, stmt) => {
            if (/from obq_chunks/.test(sql)) reads++;
            return stmt;
          },
          () => expect(db.notesNamed('note 43')).toEqual(['Folder 1/Note 43.md']),
        );
        return reads;
      };
      expect(db.notesNamed('NOTE 42')).toEqual(['Folder 0/Note 42.md']);
      // Asked again with nothing written: no note is read again.
      expect(notesRead()).toBe(0);
      // Its own write (a sync in this process) is seen at once.
      db.db.prepare(`update obq_chunks set title = 'Renamed' where source = 'Folder 0/Note 42.md'`).run();
      expect(db.notesNamed('renamed')).toEqual(['Folder 0/Note 42.md']);
      // Another connection's commit (the pipeline worker's) is seen too.
      const other = new Database(dir + '/obq.sqlite');
      other.prepare(`update obq_log set is_enabled = 0 where file_path = 'Folder 0/Note 42.md'`).run();
      other.close();
      expect(db.notesNamed('renamed')).toEqual([]);
      expect(db.indexedNotes().some((n) => n.source === 'Folder 0/Note 42.md')).toBe(false);
      expect(notesRead()).toBe(0);
    } finally {
      db.close();
    }
  });

  it('an index from before the path index gets it when opened, and keeps its rows', () => {
    const dir = tmp.dir + '/v6';
    const before = indexWithNotes(dir);
    before.close();
    const raw = new Database(dir + '/obq.sqlite');
    raw.exec('drop index obq_chunks_source');
    raw.pragma('user_version = 6'); // before migration 7, which made the path index
    raw.close();
    const db = IndexDb.open(dir);
    try {
      expect(db.db.pragma('user_version', { simple: true })).toBe(migrations.length);
      expect(db.chunksOfNote('Folder 3/Note 150.md').map((c) => c.chunk_index)).toEqual([0, 1]);
      expect(scansChunks(plansOf(db, () => db.chunksOfNote('Folder 3/Note 150.md')))).toEqual([]);
    } finally {
      db.close();
    }
  });
});
