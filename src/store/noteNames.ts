/**
 * The names a person calls a note by: its title, its aliases and its file name. One lookup serves every place that
 * asks which note a name means exactly: search lifting a typed title, the agent quoting the note "who is Lena" or
 * "what is Canvas" names, and a mention list putting the titled note first. Before, search matched in SQL by ASCII
 * lower case (so "über uns" never found "Über uns") and the agent by folded text in memory, without file names.
 */
import path from 'node:path';
import { foldText } from '../text/segment.js';

/** A note as it is picked by name: its vault-relative path, title and aliases (completed, enabled notes). */
export interface IndexedNote {
  source: string;
  title: string;
  aliases: string[];
}

/** The form two names are compared in: folded (case, accents, full-width forms), spaces collapsed. */
export function nameKey(name: string): string {
  return foldText(name).trim().replace(/\s+/g, ' ');
}

/** Every name of a note: title, aliases and file name without ".md" (which can differ from the title). */
function namesOf(note: IndexedNote): string[] {
  return [note.title, ...note.aliases, path.posix.basename(note.source).replace(/\.md$/i, '')];
}

/** The notes `byName` holds under `name` (folded), by path; none for a name under 2 characters. */
function lookUp(byName: ReadonlyMap<string, readonly string[]>, name: string): string[] {
  const key = nameKey(name);
  return key.length < 2 ? [] : [...(byName.get(key) ?? [])];
}

/**
 * Whether two folded words may be one name with two endings: both of three letters or more, at most two letters apart
 * in length, sharing all of the shorter but its last letter ("тома" / "том", "маї" / "мая", "mayi" / "maya").
 */
function sameNameOtherEnding(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (x.length < 3 || y.length < 3 || Math.abs(x.length - y.length) > 2) return false;
  const keep = Math.min(x.length, y.length) - 1;
  return x.slice(0, keep).join('') === y.slice(0, keep).join('');
}

/** The notes of an index by their names, built once from its notes (IndexDb keeps one per change of the index). */
export class NoteNames {
  private readonly byName = new Map<string, string[]>();
  private readonly byFirstWord = new Map<string, string[]>();
  /** As byName, only the names written with a capital (properNamed). */
  private readonly byProperName = new Map<string, string[]>();
  private words: ReadonlySet<string> | undefined;

  constructor(readonly notes: readonly IndexedNote[]) {
    const add = (map: Map<string, string[]>, key: string, source: string) => {
      const list = map.get(key);
      if (!list) map.set(key, [source]);
      else if (!list.includes(source)) list.push(source);
    };
    for (const note of notes) {
      for (const name of namesOf(note)) {
        add(this.byName, nameKey(name), note.source);
        if (/\p{Lu}/u.test(name)) add(this.byProperName, nameKey(name), note.source);
      }
      const words = nameKey(note.title).split(' ');
      if (words.length > 1) add(this.byFirstWord, words[0]!, note.source);
    }
    for (const list of [...this.byName.values(), ...this.byFirstWord.values(), ...this.byProperName.values()])
      list.sort();
  }

  /** The notes whose title, an alias or file name is `name` (folded), by path; none for a name under 2 characters. */
  named(name: string): string[] {
    return lookUp(this.byName, name);
  }

  /**
   * As named, but only by a name written with a capital ("Tom", "Lena Novak", "Canvas"): a proper name. A note named
   * in lower case is a command's or a file's page ("arch" in tldr), and a capitalised word of a question that matches
   * it means something else ("my Arch system").
   */
  properNamed(name: string): string[] {
    return lookUp(this.byProperName, name);
  }

  /**
   * The notes whose one-word proper name (an alias "Том", "Maya") is `word` with another ending (sameNameOtherEnding:
   * "Тома" / "Том", "Маї" / "Мая"). For a question in a language that inflects names (relevance.ts, notesCalledByName).
   */
  properNamedWithEnding(word: string): string[] {
    const w = nameKey(word);
    if (w.includes(' ')) return [];
    const out = new Set<string>();
    for (const [name, sources] of this.byProperName)
      if (!name.includes(' ') && sameNameOtherEnding(w, name)) for (const s of sources) out.add(s);
    return [...out].sort();
  }

  /**
   * The one-word proper name (folded) of a note that `word` is with another ending, or undefined: "маия" (Майя) for
   * "Майи", "том" for "Тома". A possessor in the genitive names its note so (relevance.ts, declinedNoteNames).
   */
  properNameWithEnding(word: string): string | undefined {
    const w = nameKey(word);
    if (w.includes(' ') || this.byProperName.has(w)) return undefined;
    for (const name of this.byProperName.keys()) if (!name.includes(' ') && sameNameOtherEnding(w, name)) return name;
    return undefined;
  }

  /**
   * Whether `word` (folded) is another word of a note's names (title, aliases, file name; any word of them, in any
   * case) with another ending, as properNamedWithEnding compares them (sparse.ts, unknownWords).
   */
  hasNameWordWithEnding(word: string): boolean {
    this.words ??= new Set(this.notes.flatMap(namesOf).flatMap((n) => nameKey(n).split(' ')));
    for (const name of this.words) if (name !== word && sameNameOtherEnding(word, name)) return true;
    return false;
  }

  /** The notes whose title has several words and begins with the word `word` ("Lena" → "Lena Novak"), by path. */
  titledFirst(word: string): string[] {
    return [...(this.byFirstWord.get(nameKey(word)) ?? [])];
  }
}
