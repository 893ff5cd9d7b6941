import type { IndexDb } from '../store/indexDb.js';
import { holdsPhrase, unknownWords } from '../store/sparse.js';
import { unknownNames, unknownTerms, unknownThings } from './relevance.js';
import { questionLanguage } from './language.js';
import { hasStemmer } from '../text/wordStems.js';

/**
 * What a question asks about that no note mentions: `lacking` is every word of it the vault never writes (a sentence
 * must then share a key word, see the synthesizer); `unknown()` gives the names, lower-case terms and things among
 * them that make the question one the notes cannot answer, however close its other words come ("draw diagrams with
 * the Excalidraw plugin", "kubectl restart all pods", "show my Google Calendar events"). `unknown` is a function
 * because it queries the index for phrases, and a question the embedder cannot read is never refused on it. One door
 * for the agent and the answer replay (bench/answerReplay.ts), so both refuse the same questions.
 */
export function unmentioned(db: IndexDb, question: string): { lacking: string[]; unknown: () => string[] } {
  // Names take case endings in the languages with a stemmer (Polish "od Toma", German "Toms"), never in English.
  const lang = questionLanguage(question);
  const lacking = unknownWords(db, question, { endings: lang !== 'en' && hasStemmer(lang) });
  const unknown = () => [
    ...new Set([
      ...unknownNames(question, lacking),
      ...unknownTerms(question, lacking),
      ...unknownThings(
        question,
        (phrase) => holdsPhrase(db, phrase),
        () => db.indexedNotes().map((n) => n.title),
      ),
    ]),
  ];
  return { lacking, unknown };
}
