import { embeddingModels } from '../models/manifest.js';
import { questionLanguage } from './language.js';
import { embedderReads } from './relevance.js';

/**
 * What to tell the person when a question is in a language the vault's embedder does not read: a German question
 * over an English vault, searched with an English-only model (MPNet, MiniLM), scores as near-noise, and its words are
 * not the notes' words, so "not in your notes" would be said of notes that do answer it. Measured on the help vault
 * with the help vault's own questions translated (docs/languages.md, "A question in another language than the
 * notes"): the right note is shown for a fraction of them, and multilingual-e5-small finds more. Null when the
 * embedder reads the question (every model reads English; an endpoint's model is trusted, see embedderReads).
 */
export function unreadLanguageNotice(question: string, embedderId: string): string | null {
  const lang = questionLanguage(question);
  if (embedderReads(embedderId, lang)) return null;
  const name = languageName(lang);
  const multilingual = embeddingModels().find((m) => m.languages?.includes('*'));
  const instead = multilingual
    ? ` Ask in English, or choose ${multilingual.id} in Settings → Models and re-index (CLI: \`obsiquery sync --reindex --embedding-model ${multilingual.id}\`) to search in any language.`
    : ' Ask in English.';
  return `This vault is searched with ${embedderId}, which reads English only, and the question reads as ${name}: notes that answer it may not be found.${instead}`;
}

/** "Spanish" for "es"; the code itself where the runtime has no name for it. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
