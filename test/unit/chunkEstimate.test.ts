import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkMarkdown, DEFAULT_CHUNK_OPTIONS } from '../../src/pipeline/chunker.js';
import { bytesPerChunk, estimateChunks } from '../../src/pipeline/chunkEstimate.js';
import { corpusOhelp, sampleVault } from '../helpers/fixtures.js';

/** Every .md file under dir. */
function notes(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => rel.endsWith('.md'))
    .map((rel) => path.join(dir, rel));
}

/**
 * The chunk estimate the model choice rests on (and the sync's ETA before any note is read) comes from file sizes
 * alone; here it is held against what the real chunker makes of the same notes.
 */
describe('estimateChunks', () => {
  it.each([
    ['the sample vault', sampleVault],
    ['the Obsidian Help vault', corpusOhelp],
  ])('is within 15 percent of the real chunk count on %s', (_name, dir) => {
    const files = notes(dir);
    const real = files.reduce((n, f) => n + chunkMarkdown(readFileSync(f, 'utf8'), DEFAULT_CHUNK_OPTIONS).length, 0);
    const estimate = estimateChunks(files.map((f) => statSync(f).size));
    expect(real).toBeGreaterThan(files.length);
    expect(estimate / real).toBeGreaterThan(0.85);
    expect(estimate / real).toBeLessThan(1.15);
  });

  it('counts one chunk for a short note and none for an empty one, and follows the chunk settings', () => {
    expect(estimateChunks([10, 0, 1])).toBe(2);
    const per = bytesPerChunk(DEFAULT_CHUNK_OPTIONS);
    expect(estimateChunks([per * 10])).toBe(10);
    expect(estimateChunks([per * 10 + 1])).toBe(11);
    // Twice the chunk size (same overlap): about half the chunks.
    expect(estimateChunks([per * 10], { chunkSize: 370, overlap: 30 })).toBe(5);
  });
});
