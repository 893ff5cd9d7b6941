/**
 * Time to first searchable note: a first sync of a vault runs in one process (the CLI, as a user starts it)
 * while this process, with its embedder already loaded, searches the index the sync is writing every
 * POLL_MS. Reported: the time from the sync's start to the first non-empty search, against the whole sync's
 * time in the same run (the baseline). Goal: ≤ 0.1 of the full sync.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadEmbedder } from '../../src/models/embedder.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';
import { openIndex } from '../../src/store/openIndex.js';
import { cliPath, log, repoRoot, workerMain } from '../lib/proc.js';

export interface FirstSearchableInput {
  vault: string;
  dataDir: string;
  /** Questions tried in turn; any hit counts (threshold 0: "searchable" means the index answers at all). */
  queries: string[];
}

export interface FirstSearchableOutput {
  first_hit_ms: number | null;
  first_hit_query: string | null;
  sync_ms: number;
  sync_exit: number | null;
  polls: number;
  fraction: number | null;
}

const POLL_MS = 250;

async function searchOnce(dataDir: string, embedder: Awaited<ReturnType<typeof loadEmbedder>>, q: string) {
  // Not until the sync has created its index: opening first would race its schema creation.
  if (!existsSync(path.join(dataDir, 'obq.sqlite'))) return 0;
  let index;
  try {
    index = await openIndex(dataDir, { modelId: embedder.modelId, dimension: embedder.dimension });
  } catch {
    return 0; // mid-creation (tables not there yet): try again at the next poll
  }
  try {
    const hits = await similaritySearch(index, embedder, { refined_query_for_vector_search: q, k: 1, threshold: 0 });
    return hits.length;
  } catch {
    return 0;
  } finally {
    index.close();
  }
}

async function main(input: FirstSearchableInput): Promise<FirstSearchableOutput> {
  const embedder = await loadEmbedder();
  // Warm the query path, so the first poll costs what every later one does.
  await embedder.embed([input.queries[0] ?? 'warm up']);
  const started = performance.now();
  const child = spawn(process.execPath, [cliPath, 'sync', '--vault', input.vault, '--data', input.dataDir, '--json'], {
    cwd: repoRoot,
    env: process.env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  let syncMs = Number.NaN;
  let syncExit: number | null = null;
  void exited.then((code) => {
    syncMs = performance.now() - started;
    syncExit = code;
  });

  let firstHitMs: number | null = null;
  let firstQuery: string | null = null;
  let polls = 0;
  while (firstHitMs === null && Number.isNaN(syncMs)) {
    for (const q of input.queries) {
      polls++;
      if ((await searchOnce(input.dataDir, embedder, q)) > 0) {
        firstHitMs = performance.now() - started;
        firstQuery = q;
        break;
      }
    }
    if (firstHitMs === null) await new Promise((r) => setTimeout(r, POLL_MS));
  }
  await exited;
  if (syncExit !== 0) throw new Error(`the sync failed (exit ${syncExit}):\n${stderr}`);
  log(
    `first searchable after ${((firstHitMs ?? syncMs) / 1000).toFixed(1)} s of a ${(syncMs / 1000).toFixed(1)} s sync`,
  );
  await embedder.dispose();
  return {
    first_hit_ms: firstHitMs,
    first_hit_query: firstQuery,
    sync_ms: syncMs,
    sync_exit: syncExit,
    polls,
    fraction: firstHitMs === null ? null : firstHitMs / syncMs,
  };
}

void workerMain(main);
