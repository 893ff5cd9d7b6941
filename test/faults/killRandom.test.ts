import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusOhelp, devEval, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import type { SyncSummary } from '../../src/pipeline/sync.js';
import type { DoctorReport } from '../../src/pipeline/doctor.js';
import { Rng, faultSeed, replayHint } from './support/rng.js';
import { describeCli, killOwnChildren, runCli, startCli, type CliRun, type StartedCli } from './support/proc.js';
import {
  auditIndex,
  chunkTextsByNote,
  diffChunkTexts,
  invariantViolations,
  listNotes,
  settledViolations,
  summarizeAudit,
} from './support/audit.js';
import { CHECKPOINTS, predictPendingWork, type Checkpoint } from './support/pending.js';
import {
  appendNote,
  bumpMtime,
  chunkCountOf,
  deleteNote,
  generatedNote,
  markerWord,
  moveNote,
  paragraph,
  writeNote,
} from './support/vault.js';
import { compareRankings, readQueries, searchIndex } from './support/search.js';

useFastEmbedder();

/**
 * SIGKILL during syncs of the 173-note obsidian-help-en vault at 20 random moments, each followed by a
 * fault-free recovery sync that must leave a consistent index; at the end the index must equal a clean build.
 *
 * A "moment" is either a checkpoint of the write path (OBQ_FAULT_KILL_AT="<point>:<n>", n chosen among the
 * occurrences the run will really have) or a wall-clock kill -9 after a random delay (which also lands in
 * start-up, index opening, scanning, LanceDB writes, SQLite commits and the final optimize).
 *
 * Cost control (2 cores): the vault is fed in 20 random portions, one per kill, so the total embedding work is
 * one pass over the vault plus the batch each kill throws away; the clean reference is built in the background
 * from the final vault state, which the seeded plan fixes in advance.
 */

const SUITE = 'killRandom';
const KILLS = 20;
const seed = faultSeed(SUITE);
const hint = (where: string) => replayHint(SUITE, seed, where);
/** Kill points between embedding a batch and committing it: the batch's embedding work is lost. */
const WASTEFUL = new Set<string>(['after-embed', 'after-delete-vectors', 'after-add-vectors']);

type Op =
  | { kind: 'edit'; note: string; text: string }
  | { kind: 'add'; note: string; content: string }
  | { kind: 'delete'; note: string }
  | { kind: 'rename'; from: string; to: string };

type Kill = { kind: 'checkpoint'; point: Checkpoint; u: number } | { kind: 'clock'; fraction: number };

interface Step {
  n: number;
  stageIn: string[];
  /** Vault changes made before the killed sync (it sees them). */
  before: Op[];
  /** Vault changes made after the kill, before the recovery sync. */
  between: Op[];
  kill: Kill;
}

function describeOp(op: Op): string {
  if (op.kind === 'rename') return `rename ${op.from} → ${op.to}`;
  return `${op.kind} ${op.note}`;
}

/** The whole run, fixed by the seed before anything executes (so the final vault is known up front). */
function makePlan(rng: Rng, corpusNotes: string[]): Step[] {
  const content = new Map<string, string>();
  const text = (note: string) => {
    let t = content.get(note);
    if (t === undefined) {
      t = readFileSync(path.join(corpusOhelp, note), 'utf8');
      content.set(note, t);
    }
    return t;
  };
  const order = rng.shuffle(corpusNotes);
  // The kills first: a kill after the embedding and before the commit throws its batch away, so those steps
  // get a small portion (2-4 notes); the other kinds share the rest of the vault.
  const kills: Kill[] = Array.from({ length: KILLS }, () =>
    rng.chance(0.6)
      ? { kind: 'checkpoint', point: rng.pick(CHECKPOINTS), u: rng.float() }
      : { kind: 'clock', fraction: 0.1 + 0.85 * rng.float() },
  );
  const wasteful = (k: Kill) => k.kind === 'checkpoint' && WASTEFUL.has(k.point);
  const sizes = kills.map((k) => (wasteful(k) ? rng.int(2, 4) : 0));
  const rest = order.length - sizes.reduce((x, y) => x + y, 0);
  const weights = kills.map((k): number => (wasteful(k) ? 0 : 0.3 + rng.float()));
  if (!weights.some((w) => w > 0)) weights[KILLS - 1] = 1;
  const total = weights.reduce((x, y) => x + y, 0);
  for (let i = 0; i < KILLS; i++) if (weights[i]) sizes[i] = Math.max(2, Math.floor((weights[i]! / total) * rest));
  let excess = sizes.reduce((x, y) => x + y, 0) - order.length;
  for (let i = 0; excess !== 0; i = (i + 1) % KILLS) {
    if (!weights[i]) continue;
    if (excess > 0 && sizes[i]! > 2) {
      sizes[i]!--;
      excess--;
    } else if (excess < 0) {
      sizes[i]!++;
      excess++;
    }
  }
  const present = new Set<string>();
  let added = 0;
  const makeOp = (step: number): Op | null => {
    // Small notes only: an edit or rename re-embeds the whole note.
    const small = [...present].filter((n) => chunkCountOf(text(n)) <= 8).sort();
    const kind = rng.weighted([
      ['edit', 4],
      ['add', 2],
      ['delete', 2],
      ['rename', 2],
    ] as const);
    if (kind === 'add') {
      const note = `Fault notes/Added ${step}-${++added}.md`;
      const c = generatedNote(rng, `Added note ${step}-${added}`, { marker: markerWord(rng) });
      content.set(note, c);
      present.add(note);
      return { kind, note, content: c };
    }
    if (small.length < 3) return null;
    const note = rng.pick(small);
    if (kind === 'edit') {
      const t = `\n\n## Fault edit ${step}\n\n${paragraph(rng)} The ${markerWord(rng)} entry was added by step ${step}.\n`;
      content.set(note, text(note) + t);
      return { kind, note, text: t };
    }
    present.delete(note);
    if (kind === 'delete') return { kind, note };
    const to = `Renamed/${path.basename(note, '.md')} (moved ${step}).md`;
    content.set(to, text(note));
    present.add(to);
    return { kind: 'rename', from: note, to };
  };
  const steps: Step[] = [];
  let next = 0;
  for (let i = 0; i < KILLS; i++) {
    const stageIn = order.slice(next, next + sizes[i]!);
    next += sizes[i]!;
    for (const n of stageIn) present.add(n);
    const before: Op[] = [];
    const between: Op[] = [];
    if (rng.chance(0.35)) before.push(...[makeOp(i + 1)].filter((o): o is Op => o !== null));
    if (rng.chance(0.35)) between.push(...[makeOp(i + 1)].filter((o): o is Op => o !== null));
    steps.push({ n: i + 1, stageIn, before, between, kill: kills[i]! });
  }
  if (next !== order.length) throw new Error(`plan staged ${next} of ${order.length} notes`);
  return steps;
}

function applyOp(vault: string, op: Op, mtimeAhead: number): void {
  switch (op.kind) {
    case 'edit':
      appendNote(vault, op.note, op.text);
      bumpMtime(path.join(vault, op.note), mtimeAhead);
      break;
    case 'add':
      writeNote(vault, op.note, op.content);
      break;
    case 'delete':
      deleteNote(vault, op.note);
      break;
    case 'rename':
      moveNote(vault, op.from, op.to);
      break;
  }
}

interface StepRecord {
  n: number;
  moment: string;
  landed: string;
  attempts: number;
  left: string;
  recoveryMs: number;
}

describe(`SIGKILL at ${KILLS} random moments while syncing obsidian-help-en (FAULT_SEED=${seed})`, () => {
  let tmp: ReturnType<typeof tempDir>;
  let home: string;
  let vault: string;
  let dataDir: string;
  let cleanVault: string;
  let cleanData: string;
  let clean: StartedCli;
  let plan: Step[];
  let broken: string | null = null;
  let estimateMs = 4000;
  const records: StepRecord[] = [];
  const started = Date.now();

  const syncArgs = () => ['sync', '--vault', vault, '--data', dataDir, '--json'];

  beforeAll(() => {
    tmp = tempDir('obq-fault-kill-');
    home = path.join(tmp.dir, 'home');
    vault = path.join(tmp.dir, 'vault');
    dataDir = path.join(tmp.dir, 'data');
    cleanData = path.join(tmp.dir, 'data-clean');
    mkdirSync(vault);
    const corpusNotes = listNotes(corpusOhelp);
    expect(corpusNotes).toHaveLength(173);
    plan = makePlan(new Rng(seed), corpusNotes);

    // The final vault state, built directly: the corpus with every planned change applied in order.
    cleanVault = path.join(tmp.dir, 'vault-clean');
    cpSync(corpusOhelp, cleanVault, { recursive: true });
    for (const step of plan) for (const op of [...step.before, ...step.between]) applyOp(cleanVault, op, 0);
    clean = startCli(['sync', '--vault', cleanVault, '--data', cleanData, '--json'], {
      home: path.join(tmp.dir, 'home-clean'),
    });
    console.log(
      `[${SUITE}] plan: ${plan.map((s) => `${s.n}:${s.stageIn.length}${s.before.length ? '+b' : ''}${s.between.length ? '+m' : ''}:${s.kill.kind === 'checkpoint' ? s.kill.point : 'clock'}`).join(' ')}\n[${SUITE}] work dir ${tmp.dir}${process.env.FAULT_KEEP ? ' (kept: FAULT_KEEP is set)' : ''}`,
    );
  });

  afterAll(() => {
    killOwnChildren();
    const kills = records.length;
    console.log(
      `[${SUITE}] FAULT_SEED=${seed}: ${kills} kills survived (${records.filter((r) => r.moment.startsWith('checkpoint')).length} at checkpoints, ${records.filter((r) => r.moment.startsWith('clock')).length} wall-clock) in ${((Date.now() - started) / 1000).toFixed(0)} s\n` +
        records.map((r) => `  #${r.n} ${r.moment} → ${r.landed}; left ${r.left}`).join('\n'),
    );
    if (!process.env.FAULT_KEEP) tmp?.cleanup();
  });

  /** Runs the killed sync of one step; returns what happened. */
  async function killedSync(step: Step): Promise<{ run: CliRun; moment: string; attempts: number }> {
    if (step.kill.kind === 'checkpoint') {
      const work = predictPendingWork(dataDir, vault);
      const reachable = Math.min(6, work.occurrences[step.kill.point]);
      const nth = 1 + Math.floor(step.kill.u * reachable);
      const spec = `${step.kill.point}:${nth}`;
      const run = await runCli(syncArgs(), { home, env: { OBQ_FAULT_KILL_AT: spec } });
      const moment = `checkpoint ${spec} (of ${work.occurrences[step.kill.point]}; ${work.pending.length} pending, ${work.chunks} chunks in ${work.batches} batches, ${work.gone.length} gone)`;
      expect(run.signal, hint(`step ${step.n}: expected ${moment} to SIGKILL the sync\n${describeCli(run)}`)).toBe(
        'SIGKILL',
      );
      return { run, moment, attempts: 1 };
    }
    let delay = Math.max(50, Math.round(step.kill.fraction * estimateMs));
    for (let attempt = 1; ; attempt++) {
      const run = await runCli(syncArgs(), { home, killAfterMs: delay });
      const moment = `clock kill -9 after ${delay} ms (${Math.round(step.kill.fraction * 100)}% of ~${estimateMs} ms)`;
      if (run.signal === 'SIGKILL') return { run, moment, attempts: attempt };
      expect(run.code, hint(`step ${step.n}: the sync failed before the wall-clock kill\n${describeCli(run)}`)).toBe(0);
      // The sync finished first: it did the whole job, so kill the next one earlier (down to start-up).
      expect(
        attempt,
        hint(`step ${step.n}: ${attempt} wall-clock kills all arrived after the sync ended`),
      ).toBeLessThan(5);
      delay = Math.max(50, Math.round(delay * 0.4));
    }
  }

  for (let i = 0; i < KILLS; i++) {
    it(`kill ${i + 1}/${KILLS}, then a fault-free sync leaves a consistent index`, async (ctx) => {
      if (broken) ctx.skip(`an earlier step failed (${broken})`);
      const step = plan[i]!;
      try {
        for (const note of step.stageIn) {
          const dest = path.join(vault, note);
          mkdirSync(path.dirname(dest), { recursive: true });
          cpSync(path.join(corpusOhelp, note), dest);
        }
        step.before.forEach((op, k) => applyOp(vault, op, 5 + k));

        const before = await auditIndex(dataDir);
        const { run, moment, attempts } = await killedSync(step);

        // What the kill left, read directly (any CLI command would repair it on open).
        const left = await auditIndex(dataDir);
        const violations = invariantViolations(left);
        expect(violations, hint(`step ${step.n}, right after ${moment}: ${summarizeAudit(left)}`)).toEqual([]);
        const landed =
          left.syncRuns.started === before.syncRuns.started
            ? 'before the sync started'
            : left.syncRuns.finished > before.syncRuns.finished
              ? 'after the sync recorded its end'
              : 'inside the sync';

        step.between.forEach((op, k) => applyOp(vault, op, 10 + k));
        const recovery = await runCli(syncArgs(), { home });
        const where = `step ${step.n} (${moment}; before: ${step.before.map(describeOp).join(', ') || '-'}; between: ${step.between.map(describeOp).join(', ') || '-'})`;
        expect(recovery.code, hint(`${where}: recovery sync\n${describeCli(recovery)}`)).toBe(0);
        const summary = JSON.parse(recovery.stdout) as SyncSummary;
        expect(summary.failed, hint(`${where}: recovery summary ${recovery.stdout}`)).toBe(0);
        estimateMs = Math.round(0.5 * estimateMs + 0.5 * recovery.ms);

        // Converged, as the recovery left it (before the doctor's open could repair anything).
        const after = await auditIndex(dataDir, vault);
        expect(settledViolations(after), hint(`${where}: after recovery: ${summarizeAudit(after)}`)).toEqual([]);
        expect(existsSync(path.join(dataDir, 'sync.lock')), hint(`${where}: sync.lock left behind`)).toBe(false);

        const doctorRun = await runCli(['doctor', '--no-repair', '--data', dataDir, '--json'], { home });
        expect(doctorRun.code, hint(`${where}: doctor\n${describeCli(doctorRun)}`)).toBe(0);
        const doctor = JSON.parse(doctorRun.stdout) as DoctorReport;
        expect(doctor, hint(`${where}: doctor --no-repair`)).toMatchObject({
          ok: true,
          interruptedReset: 0,
          orphanVectors: 0,
          duplicateVectors: 0,
          filesReset: [],
          completedFiles: listNotes(vault).length,
          vectors: after.chunkLog,
        });

        const rec: StepRecord = {
          n: step.n,
          moment,
          landed: `${landed}${attempts > 1 ? ` (attempt ${attempts})` : ''}, after ${run.ms} ms`,
          attempts,
          left: summarizeAudit(left),
          recoveryMs: recovery.ms,
        };
        records.push(rec);
        console.log(
          `[${SUITE}] #${step.n} ${moment} → ${rec.landed} | before: ${step.before.map(describeOp).join(', ') || '-'} | left: ${rec.left} | between: ${step.between.map(describeOp).join(', ') || '-'} | recovery ${recovery.ms} ms (+${summary.added} ~${summary.modified} -${summary.deleted}, ${summary.chunks_added} chunks) | doctor ok, ${doctor.completedFiles} files, ${doctor.vectors} vectors`,
        );
      } catch (err) {
        broken = `step ${i + 1}`;
        throw err;
      }
    }, 300_000);
  }

  it('the index after all kills equals a clean build of the same vault: chunks and search results', async (ctx) => {
    if (broken) ctx.skip(`an earlier step failed (${broken})`);
    const cleanRun = await clean.done;
    expect(cleanRun.code, hint(`clean reference sync\n${describeCli(cleanRun)}`)).toBe(0);
    expect(listNotes(vault), hint('the faulted vault and the planned final vault differ')).toEqual(
      listNotes(cleanVault),
    );
    const cleanAudit = await auditIndex(cleanData, cleanVault);
    expect(settledViolations(cleanAudit), hint('clean reference index')).toEqual([]);

    const diffs = diffChunkTexts(chunkTextsByNote(dataDir, vault), chunkTextsByNote(cleanData, cleanVault));
    expect(diffs, hint('per-note chunk texts, faulted vs clean')).toEqual([]);

    const rng = new Rng(seed).fork('queries');
    const queries = rng.shuffle(readQueries(devEval)).slice(0, 8);
    const k = 10;
    const got = await searchIndex(dataDir, queries, k + 5);
    const want = await searchIndex(cleanData, queries, k + 5);
    const problems: string[] = [];
    let ties = 0;
    queries.forEach((q, i) => {
      const cmp = compareRankings(got[i]!, want[i]!, k);
      ties += cmp.ties.length;
      if (cmp.diffs.length) problems.push(`"${q}": ${cmp.diffs.join('; ')}`);
      if (cmp.ties.length) console.log(`[${SUITE}] near-tie reorder for "${q}": ${cmp.ties.join('; ')}`);
    });
    expect(
      got.every((hits) => hits.length > 0),
      hint('every query finds something'),
    ).toBe(true);
    expect(problems, hint(`search results (top ${k}, source + text, in order) differ from the clean index`)).toEqual(
      [],
    );
    console.log(
      `[${SUITE}] final: ${listNotes(vault).length} notes, ${cleanAudit.chunkLog} chunks; ${queries.length} queries × top ${k} identical to the clean build${ties ? ` (${ties} near-tie swaps)` : ''}`,
    );
  }, 600_000);
});
