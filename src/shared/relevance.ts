/**
 * The relevance a user sees. A hit's fused score is not bounded by 1: an exact title match adds 0.5 and a
 * wikilink boost adds up to 0.1, so showing it as a percentage gave "127%". 1 − e^(−2·score) is monotone (a
 * better score never shows lower), always below 100%, and keeps the usual range readable: 0.3 → 45%,
 * 0.5 → 63%, 0.7 → 75%, 1.0 → 86%, 1.5 → 95%.
 */
export function relevanceOf(score: number): number {
  if (!Number.isFinite(score) || score <= 0) return 0;
  return 1 - Math.exp(-2 * score);
}

/** The relevance as a whole percentage, 0–99 (a bounded score never rounds up to a perfect 100%). */
export function relevancePercent(score: number): number {
  return Math.min(99, Math.round(relevanceOf(score) * 100));
}
