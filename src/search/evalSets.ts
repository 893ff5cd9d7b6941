import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The question sets `npm run eval` knows (eval/sets.json): each names its vault, its language and its part. Knobs
 * are chosen on `tune` parts only; `test` parts are reported, never tuned on (README, "Retrieval quality").
 */
export type EvalPart = 'tune' | 'test';

export interface EvalSet {
  name: string;
  /** Absolute path of the JSONL questions. */
  queries: string;
  /** Absolute path of the vault. */
  vault: string;
  language: string;
  part: EvalPart;
}

const manifestSchema = z.object({
  sets: z
    .array(
      z.object({
        name: z.string().regex(/^[\w.-]+$/, 'a set name is letters, digits, ".", "_" or "-"'),
        queries: z.string().min(1),
        vault: z.string().min(1),
        language: z.string().min(2),
        part: z.enum(['tune', 'test']),
      }),
    )
    .min(1),
});

export class EvalSetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvalSetError';
  }
}

/** The repository root: the manifest's paths are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_SETS_FILE = path.join(REPO_ROOT, 'eval/sets.json');

export function loadEvalSets(file = DEFAULT_SETS_FILE): EvalSet[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new EvalSetError(`Cannot read the question-set manifest ${file}: ${(err as Error).message}`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EvalSetError(`${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  const names = new Set<string>();
  return parsed.data.sets.map((s) => {
    if (names.has(s.name)) throw new EvalSetError(`${file}: the set name "${s.name}" appears twice.`);
    names.add(s.name);
    return { ...s, queries: path.resolve(REPO_ROOT, s.queries), vault: path.resolve(REPO_ROOT, s.vault) };
  });
}

/** The sets asked for: by name (each must exist) and/or by part; all of them when neither is given. */
export function selectEvalSets(sets: EvalSet[], opts: { names?: string[]; part?: EvalPart }): EvalSet[] {
  for (const n of opts.names ?? [])
    if (!sets.some((s) => s.name === n))
      throw new EvalSetError(`No question set named "${n}"; known: ${sets.map((s) => s.name).join(', ')}.`);
  const chosen = sets.filter(
    (s) => (!opts.names?.length || opts.names.includes(s.name)) && (!opts.part || s.part === opts.part),
  );
  if (chosen.length === 0) throw new EvalSetError('No question set matches --set/--part.');
  return chosen;
}

/**
 * Where the harness keeps a vault's index under `dataRoot`: one folder per vault and embedder, so every set over
 * that vault reuses it and an index built with another model is never reopened with this one.
 */
export function evalIndexDir(dataRoot: string, vault: string, modelId: string): string {
  const name = path.basename(vault).replace(/[^\w.-]+/g, '_') || 'vault';
  return path.join(dataRoot, `${name}--${modelId}`);
}
