import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync, promises as fsp } from 'node:fs';
import path from 'node:path';
import { rng, shuffle } from './stats.js';

/** The project's shared/ folder beside the repo (OBQ_BENCH_SHARED overrides, e.g. for a copy of the repo elsewhere). */
export const sharedDir =
  process.env.OBQ_BENCH_SHARED ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../shared');
export const corpusOhelp = path.join(sharedDir, 'corpora/obsidian-help-en');
export const corpusTldr = path.join(sharedDir, 'corpora/tldr-pages-en');

/** Vault-relative paths of every .md note under root (dot folders skipped), sorted. */
export function listNotes(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(dir, e.name), r);
      else if (e.isFile() && e.name.toLowerCase().endsWith('.md')) out.push(r);
    }
  };
  walk(root, '');
  return out.sort();
}

/**
 * A writable vault at dest: the whole corpus, or `limit` notes drawn with a fixed seed (the same slice every
 * run, spread over all folders rather than the alphabetically first ones).
 */
export function makeVault(corpus: string, dest: string, limit?: number, seed = 1): { dir: string; files: number } {
  const all = listNotes(corpus);
  if (limit === undefined || limit >= all.length) {
    cpSync(corpus, dest, { recursive: true });
    return { dir: dest, files: all.length };
  }
  const picked = shuffle(all, rng(seed)).slice(0, limit);
  for (const rel of picked) {
    const to = path.join(dest, rel);
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(path.join(corpus, rel), to);
  }
  return { dir: dest, files: picked.length };
}

/**
 * Vaults for the growth series: the first n notes of one fixed sequence (the corpus shuffled, then altered
 * copies of it as often as needed), so every size draws from the same mix of note lengths. A copy gets a
 * changed title and an extra line, so its hash, chunks and embeddings differ from the original's.
 */
export function makeGrowthVault(corpus: string, dest: string, n: number, seed = 7): { dir: string; files: number } {
  const base = shuffle(listNotes(corpus), rng(seed));
  for (let i = 0; i < n; i++) {
    const rel = base[i % base.length]!;
    const copy = Math.floor(i / base.length);
    const target = copy === 0 ? rel : rel.replace(/\.md$/i, `~v${copy + 1}.md`);
    const to = path.join(dest, target);
    mkdirSync(path.dirname(to), { recursive: true });
    if (copy === 0) {
      cpSync(path.join(corpus, rel), to);
    } else {
      const text = readFileSync(path.join(corpus, rel), 'utf8');
      const altered = /^# .*$/m.test(text)
        ? text.replace(/^# (.*)$/m, `# $1 (variant ${copy + 1})\n\n> Variant ${copy + 1} of this page.`)
        : `> Variant ${copy + 1} of this page.\n\n${text}`;
      writeFileSync(to, altered);
    }
  }
  return { dir: dest, files: n };
}

/**
 * The no-change resync's floor: a plain recursive readdir + stat of every .md file, in Node, with the same
 * per-folder concurrency discovery uses. Returns how many files it stat'ed.
 */
export async function statTree(root: string): Promise<number> {
  let count = 0;
  const walk = async (dir: string): Promise<void> => {
    const entries = await fsp.readdir(dir, { withFileTypes: true });
    const stats: Promise<unknown>[] = [];
    const dirs: string[] = [];
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) dirs.push(abs);
      else if (e.name.endsWith('.md')) {
        count++;
        stats.push(fsp.stat(abs));
      }
    }
    await Promise.all(stats);
    for (const d of dirs) await walk(d);
  };
  await walk(root);
  return count;
}
