import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { corpusTldr, repoRoot, runCli, snapshotTree, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { FIGURE_IDS, type Figure } from '../../bench/lib/report.js';

useFastEmbedder();

/** Under a minute on an idle 2-core machine; the margin is for shared, loaded CI machines. */
const TIMEOUT_MS = 1_200_000;

function runBench(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'bench', '--', ...args],
      { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024, timeout: TIMEOUT_MS },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The benchmark's quick mode end to end: it must run every section on tiny workloads and write a results
 * file with every figure, each with a numeric value and (where the figure has one) a same-run baseline.
 */
describe('npm run bench -- --quick', () => {
  const tmp = tempDir('obq-bench-smoke-');
  afterAll(() => tmp.cleanup());

  it(
    'writes every figure with numeric values and baselines',
    async () => {
      const r = await runBench(['--quick', '--out', tmp.dir]);
      expect(r.code, `bench failed:\n${r.stderr.slice(-4000)}`).toBe(0);
      const files = readdirSync(tmp.dir).filter((f) => f.endsWith('.json'));
      expect(files).toHaveLength(1);
      const result = JSON.parse(readFileSync(path.join(tmp.dir, files[0]!), 'utf8')) as {
        quick: boolean;
        figures: Figure[];
        findings: Record<string, unknown>;
      };
      expect(result.quick).toBe(true);
      const byId = new Map(result.figures.map((f) => [f.id, f]));
      for (const id of FIGURE_IDS) {
        const f = byId.get(id);
        expect(f, `figure ${id} missing`).toBeDefined();
        expect(Number.isFinite(f!.value), `${id}.value = ${f!.value}`).toBe(true);
        expect(f!.runs).toBeGreaterThan(0);
        if (id === 'peak_rss_ingest') {
          expect(f!.baseline).toBeNull();
          continue;
        }
        expect(typeof f!.baseline_label).toBe('string');
        expect(Number.isFinite(f!.baseline), `${id}.baseline = ${f!.baseline}`).toBe(true);
        expect(Number.isFinite(f!.ratio), `${id}.ratio = ${f!.ratio}`).toBe(true);
      }
      for (const key of [
        'embedder_sweep',
        'phases_ohelp',
        'phases_tldr',
        'overlap_tldr',
        'resync',
        'ivf_pq',
        'lance_projection',
        'growth',
        'ask',
      ])
        expect(result.findings[key], `finding ${key} missing`).toBeDefined();
      // The markdown table goes to stdout.
      expect(r.stdout).toContain('| figure | workload | runs | value | baseline (same run) | ratio | target | ok |');
    },
    TIMEOUT_MS,
  );
});

describe('npm run bench -- --only query --tldr-data DIR', () => {
  const tmp = tempDir('obq-bench-tldrdata-');
  afterAll(() => tmp.cleanup());

  it(
    'measures queries on the given index without ingesting anything or writing to it',
    async () => {
      const vault = path.join(tmp.dir, 'vault');
      mkdirSync(vault);
      for (const f of readdirSync(path.join(corpusTldr, 'common')).sort().slice(0, 40))
        cpSync(path.join(corpusTldr, 'common', f), path.join(vault, f));
      const data = path.join(tmp.dir, 'index');
      const home = path.join(tmp.dir, 'home');
      const sync = await runCli(['sync', '--vault', vault, '--data', data, '--json'], { home });
      expect(sync.code, sync.stderr).toBe(0);
      const chunks = (JSON.parse(sync.stdout) as { chunks_added: number }).chunks_added;
      const before = snapshotTree(data);

      const out = path.join(tmp.dir, 'out');
      const r = await runBench(['--quick', '--only', 'query', '--tldr-data', data, '--out', out]);
      expect(r.code, `bench failed:\n${r.stderr.slice(-4000)}`).toBe(0);
      const files = readdirSync(out).filter((f) => f.endsWith('.json'));
      const result = JSON.parse(readFileSync(path.join(out, files[0]!), 'utf8')) as { figures: Figure[] };
      const ids = result.figures.map((f) => f.id);
      expect(ids).toContain('query_tldr_p95');
      expect(ids.some((id) => id.startsWith('ingest_') || id.startsWith('resync_'))).toBe(false);
      const p95 = result.figures.find((f) => f.id === 'query_tldr_p95')!;
      expect(p95.workload).toContain(`(${chunks} chunks)`);
      expect(Number.isFinite(p95.value) && Number.isFinite(p95.baseline)).toBe(true);
      expect(snapshotTree(data)).toEqual(before);

      const missing = await runBench(['--only', 'query', '--tldr-data', path.join(tmp.dir, 'nothing-here')]);
      expect(missing.code).not.toBe(0);
      expect(missing.stderr).toContain('holds no ObsiQuery index');
    },
    TIMEOUT_MS,
  );
});
