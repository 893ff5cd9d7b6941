import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BadRequestError } from '../shared/errors.js';

/**
 * The manifest of question sets (`eval/sets.json`) and the checks every set must pass before a number measured on it
 * means anything: a question whose answer note was renamed, or a test question that also sits in a tuning part,
 * silently inflates or deflates every metric reported on that set.
 */

export type SetPart = 'tune' | 'test';

export interface EvalSetEntry {
  name: string;
  /** Question file, relative to the repository root. */
  queries: string;
  /** Vault folder the `rel` paths are relative to, relative to the repository root. */
  vault: string;
  language: string;
  part: SetPart;
  /** Off-topic sets hold questions no note answers: every `rel` is empty (they measure the "not in your notes" path). */
  offTopic?: boolean;
  /** Both kinds of question in one file, on-topic and off-topic (a user's own file; adHocEvalSet). */
  mixed?: boolean;
  /**
   * The agent's "today" for this set's answers ('YYYY-MM-DD'): a journal's questions say "yesterday" and "last
   * week", which mean one fixed range only against a fixed day. Without it, the real date.
   */
  today?: string;
}

export interface SetQuestion {
  q: string;
  rel: string[];
  line: number;
}

/** Reads and checks the manifest's shape; throws with every problem listed (a manifest is small and hand-edited). */
export function readSetManifest(file: string): EvalSetEntry[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { sets?: unknown };
  if (!Array.isArray(parsed.sets)) throw new Error(`${file}: expected {"sets": [...]}`);
  const problems: string[] = [];
  const names = new Set<string>();
  const entries = parsed.sets as Record<string, unknown>[];
  entries.forEach((e, i) => {
    const where = `${file}: sets[${i}]${typeof e.name === 'string' ? ` (${e.name})` : ''}`;
    for (const key of ['name', 'queries', 'vault', 'language'] as const) {
      if (typeof e[key] !== 'string' || (e[key] as string).trim() === '')
        problems.push(`${where}: "${key}" must be a non-empty string`);
    }
    if (e.part !== 'tune' && e.part !== 'test') problems.push(`${where}: "part" must be "tune" or "test"`);
    if (e.offTopic !== undefined && typeof e.offTopic !== 'boolean')
      problems.push(`${where}: "offTopic" must be a boolean`);
    if (e.mixed !== undefined && typeof e.mixed !== 'boolean') problems.push(`${where}: "mixed" must be a boolean`);
    if (e.today !== undefined && (typeof e.today !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(e.today)))
      problems.push(`${where}: "today" must be a date written YYYY-MM-DD`);
    if (typeof e.name === 'string') {
      if (names.has(e.name)) problems.push(`${where}: duplicate set name`);
      names.add(e.name);
    }
  });
  if (problems.length) throw new Error(problems.join('\n'));
  return entries as unknown as EvalSetEntry[];
}

/** Questions compare equal when they differ only in case, spacing or trailing punctuation. */
export function normalizeQuestion(q: string): string {
  return q
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?.!]+$/u, '')
    .trim();
}

/**
 * Reads a question file (JSONL, one `{"q": non-empty string, "rel": [paths]}` per line) and lists every problem in it
 * (empty list: the file is good), line by line: the one reader of the format, for the sets' checks, the benches and
 * the retrieval and answer runs. `rel` is empty in every line of an off-topic set and in none of another set's,
 * unless the file is `mixed` (both kinds, as a user's own question file given with --vault/--queries holds them); no
 * path twice in a line, no question twice in the file. `checkPaths` adds the problems of one line's paths (the vault
 * check of checkQuestionFile), so they are listed with that line's.
 */
export function parseQuestionFile(
  file: string,
  opts: { offTopic?: boolean; mixed?: boolean } = {},
  checkPaths: (paths: string[], where: string) => string[] = () => [],
): { questions: SetQuestion[]; problems: string[] } {
  const problems: string[] = [];
  const questions: SetQuestion[] = [];
  if (!existsSync(file)) return { questions, problems: [`${file}: question file not found`] };
  const seen = new Map<string, number>();
  // A file saved by a Windows editor may start with a byte-order mark and end its lines with CR LF.
  readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = i + 1;
      if (!raw.trim()) return;
      const where = `${file}:${line}`;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch (err) {
        problems.push(`${where}: not valid JSON (${(err as Error).message})`);
        return;
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        problems.push(`${where}: expected a JSON object {"q": ..., "rel": [...]}`);
        return;
      }
      const { q, rel } = parsed as { q?: unknown; rel?: unknown };
      if (typeof q !== 'string' || q.trim() === '') {
        problems.push(`${where}: "q" must be a non-empty string`);
        return;
      }
      if (!Array.isArray(rel) || rel.some((r) => typeof r !== 'string' || r.trim() === '')) {
        problems.push(`${where}: "rel" must be an array of non-empty strings`);
        return;
      }
      const paths = rel as string[];
      if (opts.offTopic && paths.length > 0) problems.push(`${where}: an off-topic set's "rel" must be empty`);
      if (!opts.offTopic && !opts.mixed && paths.length === 0)
        problems.push(`${where}: "rel" is empty (only off-topic sets may have that)`);
      if (new Set(paths).size !== paths.length) problems.push(`${where}: a path is listed twice in "rel"`);
      problems.push(...checkPaths(paths, where));
      const key = normalizeQuestion(q);
      const first = seen.get(key);
      if (first !== undefined) problems.push(`${where}: same question as line ${first}`);
      else seen.set(key, line);
      questions.push({ q, rel: paths, line });
    });
  if (questions.length === 0 && problems.length === 0) problems.push(`${file}: no questions`);
  return { questions, problems };
}

/**
 * parseQuestionFile, and every `rel` path must be a note inside `vaultDir`: a question whose answer note was renamed
 * measures nothing.
 */
export function checkQuestionFile(
  file: string,
  vaultDir: string,
  opts: { offTopic?: boolean; mixed?: boolean } = {},
): { questions: SetQuestion[]; problems: string[] } {
  const vaultRoot = path.resolve(vaultDir);
  return parseQuestionFile(file, opts, (paths, where) =>
    paths.flatMap((p) => {
      const abs = path.resolve(vaultRoot, p);
      if (path.isAbsolute(p) || !abs.startsWith(vaultRoot + path.sep))
        return [`${where}: "${p}" is not a vault-relative path`];
      if (!existsSync(abs) || !statSync(abs).isFile()) return [`${where}: "${p}" does not exist in ${vaultDir}`];
      return [];
    }),
  );
}

/** Questions that appear in both lists (normalised), for the tune/test disjointness check. */
export function sharedQuestions(a: SetQuestion[], b: SetQuestion[]): string[] {
  const inA = new Set(a.map((x) => normalizeQuestion(x.q)));
  return b.filter((x) => inA.has(normalizeQuestion(x.q))).map((x) => x.q);
}

/** `ohelp-en-2-tune` → `ohelp-en-2`: the set a part belongs to. */
export function baseSetName(name: string): string {
  return name.replace(/-(tune|test)$/, '');
}

/** A manifest entry with its paths made absolute: what `npm run eval` runs. */
export interface EvalSet extends EvalSetEntry {
  /** Absolute path of the question file. */
  queries: string;
  /** Absolute path of the vault. */
  vault: string;
}

/** A manifest or a --set/--part choice that cannot work: a usage error (exit 2). */
export class EvalSetError extends BadRequestError {
  constructor(message: string) {
    super('request.usage', message);
    this.name = 'EvalSetError';
  }
}

/** The repository root: the manifest's paths are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_SETS_FILE = path.join(REPO_ROOT, 'eval/sets.json');

/** The manifest's sets with absolute paths; a missing or malformed manifest is an EvalSetError. */
export function loadEvalSets(file = DEFAULT_SETS_FILE): EvalSet[] {
  let entries: EvalSetEntry[];
  try {
    entries = readSetManifest(file);
  } catch (err) {
    throw new EvalSetError(`Cannot use the question-set manifest ${file}: ${(err as Error).message}`);
  }
  return entries.map((s) => ({
    ...s,
    queries: path.resolve(REPO_ROOT, s.queries),
    vault: path.resolve(REPO_ROOT, s.vault),
  }));
}

/** The sets asked for: by name (each must exist) and/or by part; all of them when neither is given. */
export function selectEvalSets(sets: EvalSet[], opts: { names?: string[]; part?: SetPart }): EvalSet[] {
  for (const n of opts.names ?? [])
    if (!sets.some((s) => s.name === n))
      throw new EvalSetError(`No question set named "${n}"; known: ${sets.map((s) => s.name).join(', ')}.`);
  const chosen = sets.filter(
    (s) => (!opts.names?.length || opts.names.includes(s.name)) && (!opts.part || s.part === opts.part),
  );
  if (chosen.length === 0) throw new EvalSetError('No question set matches --set/--part.');
  return chosen;
}

/** A set's pinned day ('YYYY-MM-DD', EvalSet.today) as local noon of that day: "today" for its questions. */
export function pinnedDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 12, 0, 0);
}

/** The day a set's questions are asked on, when it pins one (the journal's); searched date-aware then. */
export function askedOn(set: { today?: string }): Date | undefined {
  return set.today === undefined ? undefined : pinnedDay(set.today);
}

/**
 * Where the harness keeps a vault's index under `dataRoot`: one folder per vault and embedder, so every set over
 * that vault reuses it and an index built with another model is never reopened with this one.
 */
export function evalIndexDir(dataRoot: string, vault: string, modelId: string): string {
  const name = path.basename(vault).replace(/[^\w.-]+/g, '_') || 'vault';
  return path.join(dataRoot, `${name}--${modelId}`);
}

/**
 * The one set of `eval --vault DIR --queries FILE`: the user's own questions, on-topic and off-topic (`"rel": []`)
 * in one file, reported as a test part (nothing here was tuned on it).
 */
export function adHocEvalSet(vault: string, queries: string): EvalSet {
  return {
    name: path.basename(queries).replace(/\.jsonl?$/i, '') || 'questions',
    queries: path.resolve(queries),
    vault: path.resolve(vault),
    language: '',
    part: 'test',
    mixed: true,
  };
}
