import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The other spellings of an English word, British ↔ American: "colour" → "color", "licence" → "license", "organize"
 * → "organise", "grey" → "gray". A person writes the English they learned, and a vault (Obsidian's help is American)
 * may write the other: "colour nodes in the graph by tag or folder" shared no word with the Graph view note's "color"
 * sentences, and was refused.
 *
 * The word pairs are the spelling tables of `american-british-english-translator` (VarCon-style lists of ~1,700
 * words each way, inflections included). Its -ise/-ize pairs miss derived forms ("customisable", "customisation"),
 * so those endings are also swapped by rule. Nothing here knows which spelling a vault uses: the caller
 * (inTheVaultsSpelling in src/store/sparse.ts) takes a variant only where the vault never writes the word as typed
 * and does write the variant, which also keeps a rule's odd outputs ("promise" → "promize") from ever being used.
 */
export function otherSpellings(word: string): string[] {
  const w = word.toLowerCase();
  const found = new Set<string>();
  const { british, american } = tables();
  const listed = british.get(w) ?? american.get(w);
  if (listed) found.add(listed);
  for (const [from, to] of SUFFIX_SWAPS) if (from.test(w)) found.add(w.replace(from, to));
  found.delete(w);
  return [...found];
}

/**
 * -ise/-ize and -yse/-yze endings with what follows them ("customisable", "organisations", "analysing"), each way;
 * four letters before the ending at least, so short words ("rise", "size") are left alone.
 */
const SUFFIX_SWAPS: [RegExp, string][] = [
  [/(?<=[a-z]{4})is(?=(?:e|ed|es|ing|ation|ations|able|ability|er|ers)$)/, 'iz'],
  [/(?<=[a-z]{4})iz(?=(?:e|ed|es|ing|ation|ations|able|ability|er|ers)$)/, 'is'],
  [/(?<=[a-z]{3})ys(?=(?:e|ed|es|ing)$)/, 'yz'],
  [/(?<=[a-z]{3})yz(?=(?:e|ed|es|ing)$)/, 'ys'],
];

let loaded: { british: Map<string, string>; american: Map<string, string> } | undefined;

/** The package's two tables (British → American, American → British), read on first use (~100 KB of JSON). */
function tables(): { british: Map<string, string>; american: Map<string, string> } {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const read = (file: string) =>
      new Map(
        Object.entries(
          JSON.parse(
            readFileSync(require.resolve(`american-british-english-translator/data/${file}`), 'utf8'),
          ) as Record<string, string>,
        ).map(([from, to]) => [from.toLowerCase(), to.toLowerCase()]),
      );
    loaded = { british: read('british_spellings.json'), american: read('american_spellings.json') };
  }
  return loaded;
}
