import { open } from 'node:fs/promises';
import { detectLanguage, withoutCode } from '../text/language.js';
import { englishWordShare } from '../text/ordinaryWords.js';
import { NGRAM_LANGUAGES, ngramLanguage } from '../text/ngramLanguage.js';
import { embeddingModels, fastEmbeddingModel, loadManifest, type ModelEntry, type ModelManifest } from './manifest.js';

/** What a vault is mostly written in, from a sample of its notes. */
export interface VaultLanguage {
  /**
   * The most frequent language among sampled notes (ISO 639-1), OTHER_LANGUAGE for Latin-script notes in a language
   * detectLanguage cannot name, or 'und' when none could be told.
   */
  lang: string;
  /** Share of the sampled notes (with a detectable language) that are not English, 0..1. */
  nonEnglishShare: number;
  /** How many notes the guess rests on (notes too short or too code-heavy to tell are not counted). */
  notes: number;
}

/** Notes sampled and bytes read from each: enough to tell a vault's languages, cheap even for 10,000 notes. */
export const SAMPLE_NOTES = 50;
export const SAMPLE_BYTES = 2048;
/**
 * A vault with at least this share of non-English notes gets the multilingual embedder: English-only models
 * embed Japanese or Spanish text as near-noise (MPNet R@5 0.25 on the Japanese dev set, E5 0.725), while E5
 * loses less on English (help-vault R@5 0.75 vs MPNet's 0.95), so from about a quarter of non-English notes E5 is
 * the better trade (README, "Languages").
 */
export const MULTILINGUAL_SHARE = 0.25;
/** Below this, detectLanguage's guess is too unsure to count (a one-line note, a code block). */
const MIN_CONFIDENCE = 0.5;
/**
 * A note in a Latin-script language detectLanguage has no function words for (Polish, Turkish…) gets an unsure
 * guess, and such notes used to go uncounted, so a Polish vault was "of no detectable language" and got the English
 * embedder. Such a note counts as other than English when most of its words are not English words, named where
 * letter n-grams can (noteLanguage).
 */
export const OTHER_LANGUAGE = 'other';
/** The fewest distinct words (of four letters or more) a note needs for its words to say it is not English. */
const MIN_WORDS = 10;

/**
 * Detects a vault's dominant language from up to SAMPLE_NOTES notes spread evenly over its sorted paths (so the
 * sample does not come from one folder), reading the first SAMPLE_BYTES of each.
 */
export async function detectVaultLanguage(filePaths: string[]): Promise<VaultLanguage> {
  const sorted = [...filePaths].sort();
  const step = Math.max(1, sorted.length / SAMPLE_NOTES);
  const sample: string[] = [];
  for (let i = 0; i < sorted.length && sample.length < SAMPLE_NOTES; i += step) sample.push(sorted[Math.floor(i)]!);
  const counts = new Map<string, number>();
  for (const file of sample) {
    const text = await readHead(file);
    if (text === null) continue;
    const language = noteLanguage(text);
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  const notes = [...counts.values()].reduce((a, b) => a + b, 0);
  if (notes === 0) return { lang: 'und', nonEnglishShare: 0, notes: 0 };
  // A language detectLanguage names wins over OTHER_LANGUAGE: short Spanish notes are often unsure, and the vault is
  // still Spanish.
  const named = [...counts.entries()].filter(([l]) => l !== OTHER_LANGUAGE);
  const [lang] = (named.length ? named : [...counts.entries()]).sort(
    (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
  )[0]!;
  return { lang, nonEnglishShare: 1 - (counts.get('en') ?? 0) / notes, notes };
}

/**
 * A note's language for the vault's count, or null when it cannot be told (too short, too little prose). A Latin-script
 * note not read as English may be in a language detectLanguage has no tables for: letter n-grams name it where they
 * are sure (ngramLanguage), so a Swedish vault is a Swedish vault, not a German one ("sv vault" in the reason the
 * embedder was chosen for). English is never renamed, so no vault's embedder changes.
 */
function noteLanguage(text: string): string | null {
  const { lang, script, confidence } = detectLanguage(text);
  const other = () => (script === 'Latn' ? ngramLanguage(withoutCode(text), NGRAM_LANGUAGES) : null);
  if (lang !== 'und' && confidence >= MIN_CONFIDENCE) return lang === 'en' ? lang : (other() ?? lang);
  if (script !== 'Latn') return null;
  const { words, share } = englishWordShare(withoutCode(text), 20);
  return words >= MIN_WORDS && share < 0.5 ? (other() ?? OTHER_LANGUAGE) : null;
}

async function readHead(file: string): Promise<string | null> {
  try {
    const fh = await open(file, 'r');
    try {
      const buf = Buffer.alloc(SAMPLE_BYTES);
      const { bytesRead } = await fh.read(buf, 0, SAMPLE_BYTES, 0);
      // A multi-byte character cut at the end decodes to U+FFFD, which detectLanguage ignores.
      return buf.subarray(0, bytesRead).toString('utf8');
    } finally {
      await fh.close();
    }
  } catch {
    return null; // unreadable notes are reported by the sync itself
  }
}

/** The bundled multilingual embedder: the first whose `languages` include '*'. */
export function multilingualModel(manifest: ModelManifest = loadManifest()): ModelEntry | undefined {
  return embeddingModels(manifest).find((m) => m.languages?.includes('*'));
}

/**
 * The embedder for a vault in `lang` (or with this share of non-English notes): English, undetermined and
 * mostly-English vaults get the default; any other language, or a mixed vault, gets the multilingual model.
 */
export function modelForLanguage(
  lang: string,
  nonEnglishShare = lang === 'en' || lang === 'und' ? 0 : 1,
  manifest: ModelManifest = loadManifest(),
): ModelEntry {
  const english = lang === 'en' || lang === 'und';
  if (english && nonEnglishShare < MULTILINGUAL_SHARE) return manifest.embedding;
  return multilingualModel(manifest) ?? manifest.embedding;
}

/** A vault's size as discovery sees it, before any note is read. */
export interface VaultSize {
  notes: number;
  /** Chunks its notes are expected to give (estimateChunks). */
  chunks: number;
}

/** The embedder for a new index, and why, in words a user can check ("large English vault: …"). */
export interface VaultModel {
  model: ModelEntry;
  reason: string;
}

const count = (n: number) => n.toLocaleString('en-US');
/** The first-sync time the default's `maxFirstSyncChunks` is sized for (issue 18's target), for the reason given. */
const FIRST_SYNC_MINUTES = 8;

/**
 * The embedder for a new index of a vault in `lang`: modelForLanguage, made size-aware for English. The English
 * default (MPNet) answers best on the tuning parts and on tldr, but embeds about a quarter as fast as the fast
 * model (MiniLM), which is level with it on the unseen help-vault questions; so a vault expected to give more
 * chunks than the default's `maxFirstSyncChunks` (a first sync over ~8 minutes on 2 cores) gets the fast model,
 * and a smaller one, whose first sync is short anyway, keeps the default. Without a size (no vault to measure)
 * the default stands.
 */
export function modelForVault(
  lang: string,
  nonEnglishShare: number | undefined,
  size: VaultSize | null,
  manifest: ModelManifest = loadManifest(),
): VaultModel {
  const model = modelForLanguage(lang, nonEnglishShare, manifest);
  const sized = size ? `${count(size.notes)} notes, ~${count(size.chunks)} chunks` : null;
  if (model.id !== manifest.embedding.id) {
    const mixed = lang === 'en' || lang === 'und';
    const what = mixed
      ? `mixed vault (${Math.round((nonEnglishShare ?? 0) * 100)}% of sampled notes not English)`
      : lang === OTHER_LANGUAGE
        ? 'vault in a language other than English'
        : `${lang} vault`;
    return { model, reason: sized ? `${what}: ${sized}` : what };
  }
  const what = lang === 'und' ? 'vault of no detectable language' : 'English vault';
  const limit = manifest.embedding.maxFirstSyncChunks;
  const fast = fastEmbeddingModel(manifest);
  if (size && limit !== undefined && fast && size.chunks > limit)
    return {
      model: fast,
      reason: `large ${what}: ${sized}, more than the ${count(limit)} ${model.id} embeds in ~${FIRST_SYNC_MINUTES} minutes`,
    };
  return { model, reason: sized ? `${what}: ${sized}` : what };
}
