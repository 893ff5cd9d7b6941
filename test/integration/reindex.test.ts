/**
 * `obsiquery sync --reindex` re-embeds every note, always (not only after an embedding-model change): every
 * chunk gets a new id and new vectors, and search answers the same. A plain sync of the same vault, the
 * baseline from the same run, re-embeds nothing.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncSummary } from '../../src/pipeline/sync.js';
import { copyVault, FAST_EMBEDDING_MODEL, runCli, sampleVault, tempDir } from '../helpers/fixtures.js';

const tmp = tempDir('obq-reindex-');
const home = path.join(tmp.dir, 'home');
const data = path.join(tmp.dir, 'data');
let vault: string;
const env = { OBSIQUERY_EMBEDDING_MODEL: FAST_EMBEDDING_MODEL };
const QUERIES = ['watering the garden', 'sourdough starter'];

async function cli(...args: string[]): Promise<string> {
  const r = await runCli([...args, '--vault', vault, '--data', data, '--json'], { home, env });
  if (r.code !== 0) throw new Error(`obsiquery ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return r.stdout;
}

function chunkIds(): Map<string, string[]> {
  const db = new Database(path.join(data, 'obq.sqlite'), { readonly: true });
  try {
    const ids = new Map<string, string[]>();
    for (const r of db.prepare('select source, chunk_id from obq_chunks order by source, rowid').all() as {
      source: string;
      chunk_id: string;
    }[])
      ids.set(r.source, [...(ids.get(r.source) ?? []), r.chunk_id]);
    return ids;
  } finally {
    db.close();
  }
}

async function answers(): Promise<{ source: string; start_line: number; score: number }[][]> {
  const out = [];
  for (const q of QUERIES) out.push(JSON.parse(await cli('search', q, '--k', '5', '--chunks')));
  return out;
}

beforeAll(async () => {
  vault = copyVault(sampleVault, tmp.dir);
  await cli('sync');
});
afterAll(() => tmp.cleanup());

describe('obsiquery sync --reindex', () => {
  it('re-embeds every note with new chunk ids and answers searches the same; a plain sync re-embeds nothing', async () => {
    const idsBefore = chunkIds();
    const answersBefore = await answers();
    const chunkCount = [...idsBefore.values()].reduce((n, ids) => n + ids.length, 0);
    expect(idsBefore.size).toBeGreaterThan(5);
    expect(answersBefore.every((a) => a.length > 0)).toBe(true);

    const plain = JSON.parse(await cli('sync')) as SyncSummary;
    expect(plain).toMatchObject({ unchanged: idsBefore.size, modified: 0, chunks_added: 0 });

    const re = JSON.parse(await cli('sync', '--reindex')) as SyncSummary;
    expect(re).toMatchObject({ modified: idsBefore.size, unchanged: 0, failed: 0, chunks_added: chunkCount });
    expect(re.chunks_deleted).toBe(chunkCount);

    const idsAfter = chunkIds();
    expect([...idsAfter.keys()]).toEqual([...idsBefore.keys()]);
    for (const [source, ids] of idsAfter) {
      expect(ids, source).toHaveLength(idsBefore.get(source)!.length);
      expect(
        ids.filter((id) => idsBefore.get(source)!.includes(id)),
        source,
      ).toEqual([]);
    }
    const answersAfter = await answers();
    const where = (a: { source: string; start_line: number }[]) => a.map((h) => `${h.source}:${h.start_line}`);
    expect(answersAfter.map(where)).toEqual(answersBefore.map(where));
    answersAfter.forEach((a, i) => a.forEach((h, j) => expect(h.score).toBeCloseTo(answersBefore[i]![j]!.score, 5)));
  });
});
