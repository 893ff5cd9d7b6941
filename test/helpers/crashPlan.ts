/**
 * A small model of how syncVault walks pending files and flushes batches, used by the crash tests to (a) pick
 * groups of notes whose batches make every kill point fire where intended and (b) predict the exact state a
 * SIGKILL at that point leaves behind. It mirrors the ordering contract documented in src/pipeline/sync.ts:
 * mark processing → embed the file → (batch of >= batchLimit(n) chunks) delete old vectors → add vectors → commit.
 * Batches grow: the n-th batch of a sync closes at batchLimit(n) chunks (16, 32, 64, 128, then 256).
 */
import { DEFAULT_BATCH_CHUNKS, batchLimit } from '../../src/pipeline/sync.js';

/** syncVault's full batch size; the CLI does not change it. */
export const SYNC_BATCH_CHUNKS = DEFAULT_BATCH_CHUNKS;

/** The order discovery sorts paths in (and so the order new log rows, and pending files, get). */
export function pathOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export type ChunkCounts = ReadonlyMap<string, number>;

function countOf(counts: ChunkCounts, file: string): number {
  const n = counts.get(file);
  if (n === undefined) throw new Error(`no chunk count for ${file}`);
  return n;
}

export function sumChunks(files: readonly string[], counts: ChunkCounts): number {
  return files.reduce((acc, f) => acc + countOf(counts, f), 0);
}

/** The batches syncVault writes for these pending files (in pending order). */
export function batchesOf(
  pending: readonly string[],
  counts: ChunkCounts,
  batchChunks = SYNC_BATCH_CHUNKS,
): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let n = 0;
  for (const f of pending) {
    cur.push(f);
    n += countOf(counts, f);
    if (n >= batchLimit(out.length, batchChunks)) {
      out.push(cur);
      cur = [];
      n = 0;
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

export interface KillOutcome {
  /** False when the run would finish without reaching the point n times. */
  killed: boolean;
  /** Files committed (completed) before the kill. */
  committed: string[];
  /** Files left in 'processing'. */
  processing: string[];
  /** Vectors written but not committed: orphans until the next sync sweeps them. */
  orphanChunks: number;
}

/** Where a first-time sync of `pending` (no deletions) stops when it SIGKILLs itself at `point:nth`. */
export function outcomeOfKill(pending: readonly string[], counts: ChunkCounts, spec: string): KillOutcome {
  const [point, nthText] = spec.split(':');
  const nth = Number(nthText ?? 1);
  let seen = 0;
  const hit = (p: string) => p === point && ++seen >= nth;
  const committed: string[] = [];
  const processing = new Set<string>();
  let orphanChunks = 0;
  const state = (killed: boolean): KillOutcome => ({ killed, committed, processing: [...processing], orphanChunks });

  const flush = (batch: string[]): boolean => {
    const chunks = sumChunks(batch, counts);
    if (hit('after-embed') || hit('after-delete-vectors')) return true;
    orphanChunks += chunks;
    if (hit('after-add-vectors')) return true;
    orphanChunks -= chunks;
    for (const f of batch) {
      processing.delete(f);
      committed.push(f);
    }
    return hit('after-commit');
  };

  let batch: string[] = [];
  let n = 0;
  let flushed = 0;
  for (const f of pending) {
    processing.add(f);
    if (hit('after-mark-processing')) return state(true);
    batch.push(f);
    n += countOf(counts, f);
    if (n >= batchLimit(flushed)) {
      flushed++;
      const current = batch;
      batch = [];
      n = 0;
      if (flush(current)) return state(true);
    }
  }
  if (batch.length && flush(batch)) return state(true);
  return state(false);
}

export interface CrashGroup {
  spec: string;
  files: string[];
}

/**
 * Splits a vault (paths with their chunk counts) into one group per kill point, so each group can be added to
 * the vault, synced with the fault, and recovered on its own. Groups are chosen so the work a kill throws away
 * is small: single-batch groups for the first-batch kill points are a few tiny notes, and the batch killed
 * after two or one full batches is a tail of tiny notes that sort after them.
 */
export function planCrashGroups(counts: ChunkCounts): CrashGroup[] {
  const all = [...counts.keys()].sort(pathOrder);
  const smallFromEnd = all.filter((f) => countOf(counts, f) <= 2).reverse();
  const takeSmall = (n: number) => {
    if (smallFromEnd.length < n) throw new Error('not enough small notes to plan the crash groups');
    return smallFromEnd.splice(0, n);
  };
  const tailAddVectors = takeSmall(2);
  const tailDeleteVectors = takeSmall(2);
  const embedGroup = takeSmall(3);
  const addVectorsGroup = takeSmall(3);
  const reserved = new Set([...tailAddVectors, ...tailDeleteVectors, ...embedGroup, ...addVectorsGroup]);
  const rest = all.filter((f) => !reserved.has(f));
  // The files that fill the nth batch of a sync exactly up to its limit.
  const segment = (nth: number) => {
    const seg: string[] = [];
    let n = 0;
    while (n < batchLimit(nth)) {
      const f = rest.shift();
      if (f === undefined) throw new Error('vault too small to plan the crash groups');
      seg.push(f);
      n += countOf(counts, f);
    }
    return seg;
  };
  const addVectors3 = [...segment(0), ...segment(1), ...tailAddVectors].sort(pathOrder);
  const deleteVectors2 = [...segment(0), ...tailDeleteVectors].sort(pathOrder);
  // With a 16-chunk first batch the segments are small, so the two groups whose recovery re-does most of
  // their work share what is left evenly (one of them alone would carry most of the vault, and its recovery
  // would run several times longer than any other group's).
  const commit1 = [...segment(0), ...rest.splice(0, Math.max(5, Math.floor(rest.length / 2)))].sort(pathOrder);
  const markProcessing5 = rest.sort(pathOrder);

  const groups: CrashGroup[] = [
    { spec: 'after-mark-processing:5', files: markProcessing5 },
    { spec: 'after-embed:1', files: embedGroup.sort(pathOrder) },
    { spec: 'after-delete-vectors:2', files: deleteVectors2 },
    { spec: 'after-add-vectors:1', files: addVectorsGroup.sort(pathOrder) },
    { spec: 'after-commit:1', files: commit1 },
    { spec: 'after-add-vectors:3', files: addVectors3 },
  ];

  // The plan is only useful if every group makes its point fire, with the batch shapes described above.
  const shape = (g: CrashGroup) => batchesOf(g.files, counts).map((b) => b.length);
  const check = (ok: boolean, g: CrashGroup, why: string) => {
    if (!ok) throw new Error(`crash plan for ${g.spec} is unusable (${why}); batches: ${JSON.stringify(shape(g))}`);
  };
  for (const g of groups) check(outcomeOfKill(g.files, counts, g.spec).killed, g, 'the point would not be reached');
  const [mark, embed, del2, add1, commit, add3] = groups as [
    CrashGroup,
    CrashGroup,
    CrashGroup,
    CrashGroup,
    CrashGroup,
    CrashGroup,
  ];
  check(batchesOf(mark.files, counts).length >= 2, mark, 'the first sync should need several batches');
  check(batchesOf(embed.files, counts).length === 1, embed, 'expected one batch');
  check(batchesOf(add1.files, counts).length === 1, add1, 'expected one batch');
  const del2Batches = batchesOf(del2.files, counts);
  check(
    del2Batches.length === 2 && del2Batches[1]!.every((f) => tailDeleteVectors.includes(f)),
    del2,
    'expected full batch + tail',
  );
  check(batchesOf(commit.files, counts).length >= 2, commit, 'expected work left after the first commit');
  const add3Batches = batchesOf(add3.files, counts);
  check(
    add3Batches.length === 3 && add3Batches[2]!.every((f) => tailAddVectors.includes(f)),
    add3,
    'expected 2 full batches + tail',
  );
  if (
    new Set(groups.flatMap((g) => g.files)).size !== all.length ||
    groups.flatMap((g) => g.files).length !== all.length
  ) {
    throw new Error('crash plan does not partition the vault');
  }
  return groups;
}
