import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chmodSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { runCli, tempDir, type CliResult } from '../helpers/fixtures.js';
import {
  IndexCli,
  describeRun,
  killStrayChildren,
  openTempDir,
  unprivilegedRunner,
  type StatusJson,
} from '../helpers/cli.js';
import type { SyncSummary } from '../../src/pipeline/sync.js';
import type { LogRow } from '../../src/store/indexDb.js';
import { syncVault } from '../../src/pipeline/sync.js';
import { checkIndex } from '../../src/pipeline/doctor.js';
import { openIndex, type Index } from '../../src/store/openIndex.js';
import { sharedEmbedder } from '../../src/services/vaultService.js';
import type { Embedder } from '../../src/models/embedder.js';

type TempDir = ReturnType<typeof tempDir>;

/** Notes with distinctive content, so a search can prove each one is really indexed. */
const GOOD_NOTES: Record<string, { text: string; query: string }> = {
  'Baking/Sourdough.md': {
    text: '# Sourdough starter\n\nFeed the sourdough starter every day with equal weights of rye flour and water. A lively starter doubles in size within six hours and smells pleasantly sour.\n\n## Baking day\n\nShape the loaf, proof it overnight in the fridge and bake it in a preheated cast iron pot.\n',
    query: 'how often should I feed my sourdough starter',
  },
  'Cycling/Chain maintenance.md': {
    text: '# Bicycle chain maintenance\n\nClean the bicycle chain with a degreaser, dry it with a rag and apply one drop of chain lubricant to every roller. Replace the chain when it has stretched by half a percent.\n',
    query: 'when to replace a stretched bicycle chain',
  },
  'Astronomy.md': {
    text: '# Observing Jupiter\n\nThrough a small telescope Jupiter shows its cloud belts and the four Galilean moons: Io, Europa, Ganymede and Callisto. The moons change position from night to night.\n',
    query: 'Galilean moons of Jupiter in a telescope',
  },
};

function writeNote(vault: string, rel: string, content: string | Buffer): string {
  const file = path.join(vault, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

function byPath(rows: LogRow[]): Map<string, LogRow> {
  return new Map(rows.map((r) => [r.file_path, r]));
}

/**
 * Every way a file in a vault can be unusable: each must become a specific, per-file error in the log while
 * the rest of the vault still syncs and stays searchable.
 */
describe('bad input in one vault', () => {
  let tmp: TempDir;
  let vault: string;
  let cli: IndexCli;
  let paths: Record<'utf8' | 'binary' | 'empty' | 'huge' | 'subNote' | 'fileLink', string>;
  const invalidUtf8 = Buffer.concat([
    Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x0a]),
    Buffer.from('# Broken encoding\n\nThis note was saved in a legacy code page.\n'),
  ]);
  let first: { summary: SyncSummary | null; code: number | null; ms: number; stderr: string };
  let files: Map<string, LogRow>;
  let failed: Map<string, LogRow>;
  let status: StatusJson;

  beforeAll(async () => {
    tmp = tempDir('obq-bad-');
    vault = path.join(tmp.dir, 'vault');
    cli = new IndexCli({ home: path.join(tmp.dir, 'home'), dataDir: path.join(tmp.dir, 'data'), vault });
    paths = {
      utf8: path.join(vault, 'Broken encoding.md'),
      binary: path.join(vault, 'screenshot.md'),
      empty: path.join(vault, 'Empty.md'),
      huge: path.join(vault, 'Huge log.md'),
      subNote: path.join(vault, 'sub/Inner.md'),
      fileLink: path.join(vault, 'Link to sourdough.md'),
    };
    for (const [rel, note] of Object.entries(GOOD_NOTES)) writeNote(vault, rel, note.text);
    writeNote(vault, 'Broken encoding.md', invalidUtf8);
    // A PNG saved with a .md name: the signature, then an IHDR chunk full of NUL bytes.
    writeNote(
      vault,
      'screenshot.md',
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(64),
        Buffer.from('IEND'),
      ]),
    );
    writeNote(vault, 'Empty.md', '');
    // 50 MB written in one go from a repeated line.
    writeNote(vault, 'Huge log.md', Buffer.alloc(50 * 1024 * 1024, 'All work and no play makes a very large note.\n'));
    writeNote(
      vault,
      'sub/Inner.md',
      '# Inner note\n\nA note inside a folder that also holds a symlink back to the vault root.\n',
    );
    symlinkSync('..', path.join(vault, 'sub/loop'));
    symlinkSync(path.join(vault, 'Baking/Sourdough.md'), paths.fileLink);

    const r = await cli.sync();
    first = { summary: r.summary, code: r.result.code, ms: r.result.ms, stderr: r.result.stderr };
    if (!r.summary) throw new Error(`first sync printed no summary: ${describeRun(r.result)}`);
    files = byPath(await cli.files());
    failed = byPath(await cli.files('failed'));
    status = await cli.status();
  }, 300_000);

  afterAll(() => {
    killStrayChildren();
    tmp?.cleanup();
  });

  it('finishes in reasonable time, exits 1 and counts exactly the three unusable files as failed', () => {
    expect(first.code, first.stderr).toBe(1);
    // 3 good notes, the empty note and the note in sub/ (the file link and the loop add nothing).
    expect(first.summary).toMatchObject({ added: 5, failed: 3, deleted: 0, modified: 0 });
    expect(first.summary!.chunks_added).toBeGreaterThan(0);
    // The 50 MB note must be rejected from its size, not read, chunked and embedded.
    expect(first.summary!.duration_ms).toBeLessThan(60_000);
    expect(first.ms).toBeLessThan(120_000);
    expect([...failed.keys()].sort()).toEqual([paths.utf8, paths.binary, paths.huge].sort());
    expect(status.counts).toMatchObject({ failed: 3, completed: 5, pending: 0, processing: 0, total: 8 });
    expect(status.failed.map((f) => f.file_path).sort()).toEqual([...failed.keys()].sort());
  });

  it('invalid UTF-8: failed, and the error names the encoding and where the bad byte is', () => {
    const row = failed.get(paths.utf8);
    expect(row?.status).toBe('failed');
    expect(row?.error_message).toMatch(/UTF-8/);
    expect(row?.error_message).toMatch(/offset 2\b/);
    expect(row?.num_chunks ?? 0).toBe(0);
    expect(status.failed.find((f) => f.file_path === paths.utf8)?.error_message).toMatch(/UTF-8/);
  });

  it('a binary file named .md: failed as binary', () => {
    const row = failed.get(paths.binary);
    expect(row?.status).toBe('failed');
    expect(row?.error_message).toMatch(/binary/i);
    expect(status.failed.find((f) => f.file_path === paths.binary)?.error_message).toMatch(/binary/i);
  });

  it('an empty note: completed with 0 chunks, not a failure', () => {
    const row = files.get(paths.empty);
    expect(row?.status).toBe('completed');
    expect(row?.num_chunks).toBe(0);
    expect(row?.error_message).toBeNull();
  });

  it('a 50 MB note: failed with a message about the size limit', () => {
    const row = failed.get(paths.huge);
    expect(row?.status).toBe('failed');
    expect(row?.error_message).toMatch(/50(\.0)? MB/);
    expect(row?.error_message).toMatch(/10 MB limit/);
  });

  it('a symlink loop and a link to a note: the scan terminates and no note is indexed twice', () => {
    const reals = [...files.keys()].map((p) => realpathSync(p));
    expect(new Set(reals).size).toBe(reals.length);
    expect([...files.keys()].some((p) => p.includes('/loop/'))).toBe(false);
    expect(files.get(paths.subNote)?.status).toBe('completed');
    // Sourdough is indexed through exactly one of its two paths.
    const sourdough = realpathSync(path.join(vault, 'Baking/Sourdough.md'));
    expect(reals.filter((p) => p === sourdough)).toHaveLength(1);
  });

  it('the good notes are completed, have chunks and are found by search', async () => {
    for (const rel of Object.keys(GOOD_NOTES)) {
      const abs = path.join(vault, rel);
      const row = files.get(abs) ?? (rel === 'Baking/Sourdough.md' ? files.get(paths.fileLink) : undefined);
      expect(row?.status, rel).toBe('completed');
      expect(row?.num_chunks ?? 0, rel).toBeGreaterThan(0);
    }
    expect(status.counts.chunks).toBeGreaterThan(0);
    for (const [rel, note] of Object.entries(GOOD_NOTES)) {
      if (rel === 'Baking/Sourdough.md') continue; // may be indexed under the link's name; checked below
      const hits = await cli.search(note.query, 3);
      expect(hits[0]?.source, note.query).toBe(rel);
    }
    const hits = await cli.search(GOOD_NOTES['Baking/Sourdough.md']!.query, 3);
    expect(['Baking/Sourdough.md', 'Link to sourdough.md']).toContain(hits[0]?.source);
    expect(hits[0]?.page_content).toMatch(/sourdough starter/i);
    const doctor = await cli.doctor(false);
    expect(doctor).toMatchObject({ ok: true, orphanVectors: 0, duplicateVectors: 0, vectors: status.counts.chunks });
  });

  it('a failed note is retried on the next sync once fixed, even with its old mtime', async () => {
    const before = statSync(paths.utf8);
    writeFileSync(paths.utf8, '# Fixed encoding\n\nThis note was re-saved as UTF-8: naïve café déjà vu.\n');
    // Keep the old mtime: a failed file must be retried on every sync, not only when its mtime moves.
    utimesSync(paths.utf8, before.atime, before.mtime);
    rmSync(paths.huge);
    const { result, summary } = await cli.sync();
    expect(result.code, describeRun(result)).toBe(1); // the PNG still fails
    expect(summary).toMatchObject({ failed: 1, deleted: 1 });
    const rows = byPath(await cli.files());
    expect(rows.get(paths.utf8)).toMatchObject({ status: 'completed', error_message: null });
    expect(rows.get(paths.utf8)!.num_chunks).toBeGreaterThan(0);
    expect(rows.has(paths.huge)).toBe(false);
    expect([...byPath(await cli.files('failed')).keys()]).toEqual([paths.binary]);
    const hits = await cli.search('re-saved as UTF-8 café', 3);
    expect(hits.map((h) => h.source)).toContain('Broken encoding.md');
  });
});

describe('a note reachable through a folder link and a file link', () => {
  let tmp: TempDir;
  let vault: string;
  let rows: LogRow[];
  let syncRun: CliResult;

  beforeAll(async () => {
    tmp = tempDir('obq-links-');
    vault = path.join(tmp.dir, 'vault');
    writeNote(vault, 'Notes/Plan.md', '# Plan\n\nThe quarterly plan: ship the garden shed before the first frost.\n');
    writeNote(vault, 'Other.md', '# Other\n\nUnrelated text about tea.\n');
    symlinkSync('Notes', path.join(vault, 'A shortcut'));
    symlinkSync('Notes/Plan.md', path.join(vault, 'Pinned.md'));
    const cli = new IndexCli({ home: path.join(tmp.dir, 'home'), dataDir: path.join(tmp.dir, 'data'), vault });
    syncRun = (await cli.sync()).result;
    rows = await cli.files();
  }, 120_000);
  afterAll(() => tmp?.cleanup());

  const plansIndexed = () =>
    rows.filter((r) => realpathSync(r.file_path) === realpathSync(path.join(vault, 'Notes/Plan.md')));

  it('syncs and indexes the note', () => {
    expect(syncRun.code, describeRun(syncRun)).toBe(0);
    expect(plansIndexed().length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.status === 'completed')).toBe(true);
  });

  // Regression (fixed bug) (src/pipeline/discover.ts, statNote): only paths reached through a *file* symlink are
  // realpath'd; a note inside a folder entered through a *folder* symlink keeps its link path as its identity.
  // Here "A shortcut" (a link to Notes/) sorts before "Notes", so Notes/ is walked as "A shortcut/", and
  // "Pinned.md" (a link to Notes/Plan.md, realpath'd) does not match "A shortcut/Plan.md": the note is
  // indexed twice (two log rows, its chunks twice in search).
  // every note path (or compares dev+ino).
  it('indexes the note once', () => {
    expect(plansIndexed()).toHaveLength(1);
    expect(rows).toHaveLength(2);
  });
});

describe('an unreadable note (permissions)', () => {
  const runner = unprivilegedRunner();
  let tmp: TempDir;
  afterAll(() => tmp?.cleanup());

  it.skipIf(!runner.ok)(
    `fails with "Permission denied" while the readable notes sync (${runner.ok ? runner.how : runner.reason})`,
    async () => {
      if (!runner.ok) return;
      tmp = openTempDir('obq-perm-');
      const home = path.join(tmp.dir, 'home');
      const vault = path.join(tmp.dir, 'vault');
      const secret = path.join(vault, 'Secret.md');
      mkdirSync(home);
      chmodSync(home, 0o777);
      for (const [rel, note] of Object.entries(GOOD_NOTES)) writeNote(vault, rel, note.text);
      writeNote(vault, 'Secret.md', '# Secret\n\nNobody may read this.\n');
      chmodSync(secret, 0o000);
      const cli = new IndexCli({
        home,
        dataDir: path.join(tmp.dir, 'data'),
        vault,
        prefix: runner.prefix,
        env: { HOME: home },
      });
      const { result, summary } = await cli.sync();
      expect(result.code, describeRun(result)).toBe(1);
      expect(summary).toMatchObject({ added: 3, failed: 1 });
      const failed = await cli.files('failed');
      expect(failed.map((f) => f.file_path)).toEqual([secret]);
      expect(failed[0]!.error_message).toMatch(/Permission denied/);
      const status = await cli.status();
      expect(status.failed).toEqual([{ file_path: secret, error_message: expect.stringMatching(/Permission denied/) }]);
      expect(status.counts).toMatchObject({ completed: 3, failed: 1 });
      expect(status.counts.chunks).toBeGreaterThan(0);
      for (const row of await cli.files('completed')) expect(row.num_chunks ?? 0, row.file_path).toBeGreaterThan(0);
      const hits = await cli.search(GOOD_NOTES['Astronomy.md']!.query, 3);
      expect(hits[0]?.source).toBe('Astronomy.md');

      // Once readable again it is indexed on the next sync.
      chmodSync(secret, 0o644);
      const again = await cli.sync();
      expect(again.result.code, describeRun(again.result)).toBe(0);
      expect(again.summary).toMatchObject({ failed: 0 });
      expect((await cli.status()).counts).toMatchObject({ completed: 4, failed: 0 });
    },
    240_000,
  );
});

/**
 * A note deleted between the scan and its read: no failure, it is simply gone. The window is hit
 * deterministically by deleting the file from the sync's own 'after-scan' checkpoint.
 */
describe('a note deleted between scan and read', () => {
  let tmp: TempDir;
  let vault: string;
  let embedder: Embedder;
  let index: Index;

  beforeAll(async () => {
    tmp = tempDir('obq-gone-');
    vault = path.join(tmp.dir, 'vault');
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    for (const [rel, note] of Object.entries(GOOD_NOTES)) writeNote(vault, rel, note.text);
    writeNote(vault, 'Doomed.md', '# Doomed\n\nThis note is deleted while the sync runs.\n');
    embedder = await sharedEmbedder();
    index = await openIndex(path.join(tmp.dir, 'data'), { modelId: embedder.modelId, dimension: embedder.dimension });
  }, 300_000);

  afterAll(() => {
    index?.close();
    tmp?.cleanup();
  });

  const deleteAt = (file: string) => {
    const seen: string[] = [];
    return {
      seen,
      checkpoint: (point: string) => {
        seen.push(point);
        if (point === 'after-scan') rmSync(file);
      },
    };
  };

  it('a new note deleted after the scan is treated as deleted, not failed', async () => {
    const doomed = path.join(vault, 'Doomed.md');
    const hook = deleteAt(doomed);
    const summary = await syncVault({ vault, index, embedder, checkpoint: hook.checkpoint });
    expect(hook.seen[0]).toBe('after-scan');
    expect(summary).toMatchObject({ added: 3, failed: 0, deleted: 1 });
    expect(index.db.fileByPath(doomed)).toBeUndefined();
    expect(index.db.listFiles('failed')).toEqual([]);
    expect(index.db.countsByStatus()).toMatchObject({ completed: 3, total: 3 });
    expect(await index.vectors.count(`source = 'Doomed.md'`)).toBe(0);
    expect((await checkIndex(index, { repair: false })).ok).toBe(true);
  });

  it('an indexed note edited and then deleted after the scan loses its vectors and its log row', async () => {
    const file = path.join(vault, 'Astronomy.md');
    const row = index.db.fileByPath(file)!;
    expect(await index.vectors.count(`file_id = ${row.id}`)).toBeGreaterThan(0);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nSaturn's rings are best seen in autumn.\n`);
    const future = new Date(Date.now() + 5_000);
    utimesSync(file, future, future);
    const hook = deleteAt(file);
    const summary = await syncVault({ vault, index, embedder, checkpoint: hook.checkpoint });
    expect(summary).toMatchObject({ failed: 0, deleted: 1, added: 0, modified: 0 });
    expect(summary.chunks_deleted).toBe(row.num_chunks);
    expect(index.db.fileByPath(file)).toBeUndefined();
    expect(await index.vectors.count(`file_id = ${row.id}`)).toBe(0);
    const report = await checkIndex(index, { repair: false });
    expect(report).toMatchObject({ ok: true, completedFiles: 2, vectors: index.db.countsByStatus().chunks });
  });
});

describe('unusable vault or data folder: exit code 2 with a clear message', () => {
  let tmp: TempDir;
  let home: string;
  let vault: string;
  beforeAll(() => {
    tmp = openTempDir('obq-usage-');
    home = path.join(tmp.dir, 'home');
    vault = path.join(tmp.dir, 'vault');
    writeNote(vault, 'Note.md', '# Note\n\nSome text.\n');
  });
  afterAll(() => tmp?.cleanup());

  it('a vault path that does not exist', async () => {
    const missing = path.join(tmp.dir, 'no-such-vault');
    const r = await runCli(['sync', '--vault', missing, '--data', path.join(tmp.dir, 'data-missing'), '--json'], {
      home,
    });
    expect(r.code, describeRun(r)).toBe(2);
    expect(r.stderr).toContain('does not exist');
    expect(r.stderr).toContain(missing);
    expect(r.stdout).toBe('');
  });

  it('a vault path that is a file', async () => {
    const file = path.join(vault, 'Note.md');
    const r = await runCli(['sync', '--vault', file, '--data', path.join(tmp.dir, 'data-file'), '--json'], { home });
    expect(r.code, describeRun(r)).toBe(2);
    expect(r.stderr).toMatch(/is a file/);
    expect(r.stderr).toContain(file);
  });

  it('a data folder that cannot be created (its parent is a regular file)', async () => {
    const blocker = path.join(tmp.dir, 'regular-file');
    writeFileSync(blocker, 'not a folder');
    const dataDir = path.join(blocker, 'sub');
    const r = await runCli(['sync', '--vault', vault, '--data', dataDir, '--json'], { home });
    expect(r.code, describeRun(r)).toBe(2);
    expect(r.stderr).toContain(`data folder ${dataDir}`);
    expect(r.stderr).toMatch(/not writable/);
  });

  const runner = unprivilegedRunner();
  it.skipIf(!runner.ok)(
    `a read-only data folder (${runner.ok ? runner.how : runner.reason})`,
    async () => {
      if (!runner.ok) return;
      const dataDir = path.join(tmp.dir, 'readonly-data');
      mkdirSync(dataDir);
      chmodSync(dataDir, 0o555);
      mkdirSync(home, { recursive: true });
      chmodSync(home, 0o777);
      // Root ignores the mode bits, so as root this runs as the unprivileged user.
      const cli = new IndexCli({ home, dataDir, vault, prefix: runner.prefix, env: { HOME: home } });
      const { result } = await cli.sync();
      expect(result.code, describeRun(result)).toBe(2);
      expect(result.stderr).toContain(`data folder ${dataDir}`);
      expect(result.stderr).toMatch(/not writable \(EACCES\)/);
    },
    60_000,
  );
});
