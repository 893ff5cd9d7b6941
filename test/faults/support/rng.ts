/**
 * Seeded randomness for the fault suites. Every random choice a fault test makes comes from one seed, printed
 * at the start of the run and in every assertion message, so a failure can be replayed with FAULT_SEED=<seed>.
 */

// mulberry32, the one seeded generator of the repository (bench/lib/stats.ts): good enough to pick kill
// points and edits, and fully reproducible.
import { rng as mulberry32 } from '../../../bench/lib/stats.js';

export { mulberry32 };

export class Rng {
  private readonly next: () => number;

  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next();
  }

  /** Uniform integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of choices) {
      r -= w;
      if (r < 0) return v;
    }
    return choices[choices.length - 1]![0];
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** A derived generator, so one part of a test can draw more or fewer numbers without shifting another. */
  fork(label: string): Rng {
    let h = this.seed ^ 0x9e3779b9;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new Rng(h >>> 0);
  }
}

/**
 * Each suite's seed when FAULT_SEED is unset: fixed, so the test command is reproducible and a red build always
 * replays the same plan. Each was seen passing in a full fresh-clone CI run. Explore new plans with
 * FAULT_SEED=random (or any number); a failing seed found that way is worth adding here once fixed.
 */
const DEFAULT_SEEDS: Record<string, number> = {
  killRandom: 1236233685,
  liveChanges: 1979871493,
  triggers: 341074736,
  serverFuzz: 2024111724,
};

/**
 * The seed for one fault suite: FAULT_SEED from the environment ("random" for a fresh one), else the suite's
 * fixed default. Printed at once so a person reading a CI log can replay the exact run.
 */
export function faultSeed(suite: string, envVar = 'FAULT_SEED'): number {
  const fromEnv = process.env[envVar]?.trim();
  let seed: number;
  if (fromEnv === 'random') {
    seed = Math.floor(Math.random() * 0x100000000);
  } else if (fromEnv) {
    seed = Number(fromEnv);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
      throw new Error(`${envVar} must be "random" or an integer from 0 to 4294967295, got "${fromEnv}"`);
  } else {
    const fixed = DEFAULT_SEEDS[suite];
    if (fixed === undefined) throw new Error(`no default fault seed for suite "${suite}": add one to DEFAULT_SEEDS`);
    seed = fixed;
  }
  console.log(
    `fault seed: ${seed} (replay with ${envVar}=${seed}) — ${suite}: ${envVar}=${seed} npx vitest run test/faults/${suite}.test.ts`,
  );
  return seed;
}

/** Prefix for assertion messages: the seed and where in the run a check failed. */
export function replayHint(suite: string, seed: number, where: string): string {
  return `[${suite} FAULT_SEED=${seed}; replay: FAULT_SEED=${seed} npx vitest run test/faults/${suite}.test.ts] ${where}`;
}
