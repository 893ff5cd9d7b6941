import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import type { SyncSummary } from '../../src/pipeline/sync.js';
import type { DoctorReport } from '../../src/pipeline/doctor.js';
import { Rng, faultSeed, replayHint } from './support/rng.js';
import { describeCli, killOwnChildren, runCli, startCli, type CliRun } from './support/proc.js';
import {
  auditIndex,
  chunkTextsByNote,
  diffChunkTexts,
  invariantViolations,
  listNotes,
  settledViolations,
  summarizeAudit,
} from './support/audit.js';
import { LogWatcher, type LogState } from './support/poll.js';
import {
  appendNote,
  chunkCountOf,
  deleteNote,
  generatedNote,
  markerWord,
  moveNote,
  paragraph,
  writeNote,
} from './support/vault.js';

useFastEmbedder();

/**
 * The vault changes while a sync runs: notes are added, edited, deleted and renamed (one by one and a whole
 * folder) at three moments of a running sync, found by watching its log: while the first batch is being
 * embedded, after the first batch was committed, and while the run finishes. Whatever that sync did, the
 * next one must converge to exactly the vault on disk, equal to a clean index of it; a further sync must then
 * have nothing left to do. A second round does the same to an incremental sync of edited notes.
 */

const SUITE = 'liveChanges';
const seed = faultSeed(SUITE);
const hint = (where: string) => replayHint(SUITE, seed, where);
const FOLDERS = ['Journal', 'Projects/Garden', 'Projects/Workshop', 'Reading', 'Travel', 'Recipes'];
const NOTES = 80;

describe(`the vault changes while a sync runs (FAULT_SEED=${seed})`, () => {
  const rng = new Rng(seed);
  let tmp: ReturnType<typeof tempDir>;
  let home: string;
  let vault: string;
  let dataDir: string;
  let totalChunks = 0;
  let added = 0;
  let broken: string | null = null;
  const converged: { round: number; changes: number; ms: number }[] = [];

  const rel = (abs: string) => path.relative(vault, abs).split(path.sep).join('/');
  const sync = (dir = dataDir, v = vault, h = home) =>
    runCli(['sync', '--vault', v, '--data', dir, '--json'], { home: h });

  beforeAll(() => {
    tmp = tempDir('obq-fault-live-');
    home = path.join(tmp.dir, 'home');
    vault = path.join(tmp.dir, 'vault');
    dataDir = path.join(tmp.dir, 'data');
    mkdirSync(vault);
    for (let i = 0; i < NOTES; i++) {
      const folder = FOLDERS[i % FOLDERS.length]!;
      const content = generatedNote(rng, `Note ${i + 1} about ${markerWord(rng)}`, { sections: rng.int(4, 8) });
      totalChunks += chunkCountOf(content);
      writeNote(vault, `${folder}/Note ${String(i + 1).padStart(2, '0')}.md`, content);
    }
    console.log(`[${SUITE}] generated ${NOTES} notes, ${totalChunks} chunks; work dir ${tmp.dir}`);
  });

  afterAll(() => {
    killOwnChildren();
    console.log(
      `[${SUITE}] FAULT_SEED=${seed}: ${converged.map((c) => `round ${c.round}: ${c.changes} live changes converged in one sync (${c.ms} ms)`).join('; ')}`,
    );
    if (!process.env.FAULT_KEEP) tmp?.cleanup();
  });

  // --- vault changes, each logged -------------------------------------------------------------------------
  const done: string[] = [];
  const pickFrom = (paths: string[] | undefined, n: number) =>
    rng
      .shuffle(
        (paths ?? [])
          .map(rel)
          .filter((p) => existsSync(path.join(vault, p)))
          .sort(),
      )
      .slice(0, n);
  const edit = (note: string, tag: string) => {
    appendNote(vault, note, `\n\n## Live edit ${tag}\n\n${paragraph(rng)} The ${markerWord(rng)} entry.\n`);
    done.push(`edit ${note}`);
  };
  const remove = (note: string) => {
    deleteNote(vault, note);
    done.push(`delete ${note}`);
  };
  const rename = (note: string, tag: string) => {
    const to = `Moved/${path.basename(note, '.md')} (${tag}).md`;
    moveNote(vault, note, to);
    done.push(`rename ${note} → ${to}`);
  };
  const add = (tag: string, n: number) => {
    for (let i = 0; i < n; i++) {
      const note = `Inbox/Added ${tag}-${++added}.md`;
      writeNote(vault, note, generatedNote(rng, `Added ${tag} ${added}`, { sections: rng.int(1, 3) }));
      done.push(`add ${note}`);
    }
  };
  const renameFolder = (tag: string) => {
    const candidates = FOLDERS.filter((f) => existsSync(path.join(vault, f)));
    if (!candidates.length) return;
    const folder = rng.pick(candidates);
    const to = `${folder} (${tag})`;
    renameSync(path.join(vault, folder), path.join(vault, to));
    done.push(`rename folder ${folder} → ${to}`);
  };

  /** Runs `sync` and applies `waves` when the log first matches each wave's condition. */
  async function syncWithLiveChanges(
    waves: { name: string; when: (s: LogState) => boolean; act: (s: LogState) => void }[],
  ): Promise<{ run: CliRun; log: string[]; duringRun: number }> {
    const watcher = new LogWatcher(dataDir);
    const cli = startCli(['sync', '--vault', vault, '--data', dataDir, '--json'], { home });
    let exited = false;
    void cli.done.then(() => (exited = true));
    const log: string[] = [];
    let duringRun = 0;
    try {
      for (const wave of waves) {
        const state = await watcher.until(wave.when, () => exited);
        const running = !exited && state !== null;
        const at = state ?? watcher.read();
        const counts = at ? Object.entries(at.byStatus).map(([k, v]) => `${k} ${v.length}`) : ['no index'];
        const before = done.length;
        wave.act(at ?? { byStatus: {}, total: 0 });
        if (running) duringRun += done.length - before;
        log.push(
          `${wave.name} ${running ? 'while the sync ran' : 'after it ended'} [${counts.join(', ')}]: ${done.slice(before).join(', ')}`,
        );
      }
    } finally {
      watcher.close();
    }
    return { run: await cli.done, log, duringRun };
  }

  async function expectConverged(round: number, changes: number) {
    const where = `round ${round}`;
    const next = await sync();
    expect(next.code, hint(`${where}: the sync after the live changes\n${describeCli(next)}`)).toBe(0);
    const summary = JSON.parse(next.stdout) as SyncSummary;
    expect(summary.failed, hint(`${where}: ${next.stdout}`)).toBe(0);
    const audit = await auditIndex(dataDir, vault);
    expect(settledViolations(audit), hint(`${where}: after the next sync: ${summarizeAudit(audit)}`)).toEqual([]);
    expect(audit.rows.map((r) => rel(r.file_path)).sort(), hint(`${where}: indexed notes = notes on disk`)).toEqual(
      listNotes(vault),
    );

    const doctorRun = await runCli(['doctor', '--no-repair', '--data', dataDir, '--json'], { home });
    expect(doctorRun.code, hint(`${where}: doctor\n${describeCli(doctorRun)}`)).toBe(0);
    expect(JSON.parse(doctorRun.stdout) as DoctorReport, hint(`${where}: doctor --no-repair`)).toMatchObject({
      ok: true,
      interruptedReset: 0,
      orphanVectors: 0,
      duplicateVectors: 0,
      filesReset: [],
      completedFiles: listNotes(vault).length,
      vectors: audit.chunkLog,
    });

    // Converged means stable: one more sync finds nothing to do.
    const idle = await sync();
    expect(idle.code, hint(`${where}: idle sync\n${describeCli(idle)}`)).toBe(0);
    expect(JSON.parse(idle.stdout), hint(`${where}: a sync right after convergence must do nothing`)).toMatchObject({
      added: 0,
      modified: 0,
      deleted: 0,
      failed: 0,
      chunks_added: 0,
      chunks_deleted: 0,
    });
    converged.push({ round, changes, ms: next.ms });
    console.log(
      `[${SUITE}] round ${round}: next sync ${next.ms} ms (+${summary.added} ~${summary.modified} -${summary.deleted}, ${summary.chunks_added} chunks) → ${summarizeAudit(audit)}; doctor ok; idle sync does nothing`,
    );
  }

  it('round 1: changes during the first full sync (2 batches), then the next sync converges', async () => {
    try {
      const { run, log, duringRun } = await syncWithLiveChanges([
        {
          name: 'wave 1 (first batch being embedded)',
          when: (s) => (s.byStatus.processing?.length ?? 0) >= 3,
          act: (s) => {
            const processing = pickFrom(s.byStatus.processing, 4);
            const pending = pickFrom(s.byStatus.pending, 4);
            if (processing[0]) edit(processing[0], 'w1');
            if (processing[1]) edit(processing[1], 'w1');
            if (processing[2]) remove(processing[2]);
            if (processing[3]) rename(processing[3], 'w1');
            if (pending[0]) edit(pending[0], 'w1');
            if (pending[1]) edit(pending[1], 'w1');
            if (pending[2]) remove(pending[2]);
            if (pending[3]) rename(pending[3], 'w1');
            add('w1', 3);
          },
        },
        {
          name: 'wave 2 (first batch committed)',
          when: (s) => (s.byStatus.completed?.length ?? 0) > 0,
          act: (s) => {
            const completed = pickFrom(s.byStatus.completed, 3);
            if (completed[0]) edit(completed[0], 'w2');
            if (completed[1]) remove(completed[1]);
            if (completed[2]) rename(completed[2], 'w2');
            const processing = pickFrom(s.byStatus.processing, 1);
            if (processing[0]) edit(processing[0], 'w2');
            renameFolder('w2');
            add('w2', 2);
          },
        },
        {
          name: 'wave 3 (run finishing)',
          when: (s) => !s.byStatus.processing?.length && !s.byStatus.pending?.length,
          act: (s) => {
            const completed = pickFrom(s.byStatus.completed, 2);
            if (completed[0]) edit(completed[0], 'w3');
            if (completed[1]) remove(completed[1]);
            add('w3', 1);
          },
        },
      ]);
      for (const l of log) console.log(`[${SUITE}] round 1 ${l}`);
      console.log(
        `[${SUITE}] round 1 first sync: ${run.code === 0 ? run.stdout.replace(/\s+/g, ' ') : describeCli(run)}`,
      );
      expect(run.signal, hint(`round 1: the first sync crashed\n${describeCli(run)}`)).toBeNull();
      expect(duringRun, hint(`round 1: no change landed while the sync ran:\n${log.join('\n')}`)).toBeGreaterThan(4);

      // Whatever the first sync did, a completed note is always whole.
      const left = await auditIndex(dataDir);
      expect(invariantViolations(left), hint(`round 1: after the first sync: ${summarizeAudit(left)}`)).toEqual([]);
      await expectConverged(1, duringRun);
    } catch (err) {
      broken = 'round 1';
      throw err;
    }
  }, 600_000);

  it('round 2: changes during an incremental sync of edited notes, then the next sync converges', async (ctx) => {
    if (broken) ctx.skip(`${broken} failed`);
    try {
      const notes = rng.shuffle(listNotes(vault)).slice(0, 24);
      for (const n of notes) edit(n, 'r2');
      const { run, log, duringRun } = await syncWithLiveChanges([
        {
          name: 'wave 1 (edited notes being embedded)',
          when: (s) => (s.byStatus.processing?.length ?? 0) >= 3,
          act: (s) => {
            const processing = pickFrom(s.byStatus.processing, 4);
            if (processing[0]) edit(processing[0], 'r2w1');
            if (processing[1]) remove(processing[1]);
            if (processing[2]) rename(processing[2], 'r2w1');
            const pending = pickFrom(s.byStatus.pending, 2);
            if (pending[0]) remove(pending[0]);
            if (pending[1]) edit(pending[1], 'r2w1');
            renameFolder('r2w1');
            add('r2w1', 2);
          },
        },
      ]);
      for (const l of log) console.log(`[${SUITE}] round 2 ${l}`);
      expect(run.signal, hint(`round 2: the sync crashed\n${describeCli(run)}`)).toBeNull();
      expect(duringRun, hint(`round 2: no change landed while the sync ran:\n${log.join('\n')}`)).toBeGreaterThan(2);
      const left = await auditIndex(dataDir);
      expect(invariantViolations(left), hint(`round 2: after the live sync: ${summarizeAudit(left)}`)).toEqual([]);
      await expectConverged(2, duringRun);
    } catch (err) {
      broken = 'round 2';
      throw err;
    }
  }, 600_000);

  it('the converged index equals a clean index of the final vault, note by note', async (ctx) => {
    if (broken) ctx.skip(`${broken} failed`);
    const cleanVault = path.join(tmp.dir, 'vault-clean');
    const cleanData = path.join(tmp.dir, 'data-clean');
    cpSync(vault, cleanVault, { recursive: true });
    const cleanRun = await sync(cleanData, cleanVault, path.join(tmp.dir, 'home-clean'));
    expect(cleanRun.code, hint(`clean sync\n${describeCli(cleanRun)}`)).toBe(0);
    const want = chunkTextsByNote(cleanData, cleanVault);
    const got = chunkTextsByNote(dataDir, vault);
    expect([...got.keys()].sort(), hint('indexed notes vs clean')).toEqual([...want.keys()].sort());
    expect(diffChunkTexts(got, want), hint('per-note chunk texts vs clean')).toEqual([]);
    console.log(`[${SUITE}] final: ${want.size} notes, chunk texts identical to a clean index`);
  }, 300_000);
});
