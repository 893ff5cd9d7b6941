import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CHUNK_OPTIONS, chunkMarkdown } from '../../../src/pipeline/chunker.js';
import type { Rng } from './rng.js';

/** The text the sync reads from a note (readNote drops a UTF-8 BOM). */
function noteText(file: string): string {
  const text = readFileSync(file, 'utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Chunks the sync makes of a note with the default settings (the chunker is pure: no embedding needed). */
export function chunkTexts(file: string): string[] {
  return chunkMarkdown(noteText(file), DEFAULT_CHUNK_OPTIONS).map((c) => c.text);
}

export function chunkCountOf(text: string): number {
  return chunkMarkdown(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, DEFAULT_CHUNK_OPTIONS).length;
}

/** Moves a note's mtime well away from any earlier scan, so an edit is never missed within one clock tick. */
export function bumpMtime(file: string, secondsAhead: number): void {
  const t = new Date(Date.now() + secondsAhead * 1000);
  utimesSync(file, t, t);
}

export function writeNote(vault: string, rel: string, content: string): string {
  const file = path.join(vault, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

export function moveNote(vault: string, from: string, to: string): void {
  const dest = path.join(vault, to);
  mkdirSync(path.dirname(dest), { recursive: true });
  renameSync(path.join(vault, from), dest);
}

export function deleteNote(vault: string, rel: string): void {
  rmSync(path.join(vault, rel));
}

export function appendNote(vault: string, rel: string, text: string): void {
  appendFileSync(path.join(vault, rel), text);
}

const WORDS = (
  'river lantern harbor meadow copper willow orchard canyon ember glacier violet falcon thistle pebble ' +
  'compass quarry lagoon saffron juniper marble tundra cobalt beacon drift hollow summit prairie cedar ' +
  'garnet mosaic nectar quill raven sable timber umber velvet wharf yarrow zephyr basalt cinder dune ' +
  'fjord grove heron inlet kelp loom mesa nook onyx plume quartz reed shoal tern vale wren ' +
  'ledger sketch journal recipe budget garden workshop lecture meeting project reading travel ' +
  'measure gather repair borrow plant paint bake climb sail carve weave brew sort label mend ' +
  'quietly slowly carefully often rarely early later together nearby weekly monthly'
).split(/\s+/);

/** A made-up word no real note contains, so a search for it can only find the note that has it. */
export function markerWord(rng: Rng): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let w = '';
  for (let i = 0; i < 9; i++) w += letters[rng.int(0, letters.length - 1)];
  return `zq${w}`;
}

export function sentence(rng: Rng, words = rng.int(8, 16)): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(rng.pick(WORDS));
  const s = out.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

export function paragraph(rng: Rng, sentences = rng.int(2, 5)): string {
  return Array.from({ length: sentences }, () => sentence(rng)).join(' ');
}

/** A generated note: a title, a few sections of filler prose, and one marker sentence. */
export function generatedNote(rng: Rng, title: string, opts: { sections?: number; marker?: string } = {}): string {
  const sections = opts.sections ?? rng.int(1, 4);
  const parts = [`# ${title}`, '', paragraph(rng)];
  if (opts.marker) parts.push('', `The ${opts.marker} ledger records ${sentence(rng, 6).toLowerCase()}`);
  for (let s = 0; s < sections; s++) {
    parts.push('', `## ${sentence(rng, 3).slice(0, -1)}`, '', paragraph(rng));
    if (rng.chance(0.5)) parts.push('', paragraph(rng));
  }
  return `${parts.join('\n')}\n`;
}
