import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyVault, FAR_PAST_MTIME, repoRoot, sampleVault, tempDir, writeNotes } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import {
  MAX_QUERY_CHARS,
  SearchInputError,
  similaritySearch,
  type RetrievalMode,
  type SearchInput,
  type SearchResult,
} from '../../src/search/similaritySearch.js';
import type { MetadataFilters } from '../../src/shared/filters.js';
import { translateDates } from '../../src/search/dates.js';
import {
  affordableWords,
  notesHoldingKeyWords,
  notesWithRareWords,
  RARE_WORD_MAX_CHUNKS,
  sparseSearch,
} from '../../src/store/sparse.js';
import { foldText, wordTerms } from '../../src/text/segment.js';
import type { Embedder } from '../../src/models/embedder.js';

/**
 * Stage 6 on real stores: SQLite FTS5 (sparse), LanceDB (dense) and the bundled ONNX embedder.
 *
 * The filter vault is built so that every filter matters *before* ranking: twelve Recipes/ notes (plus a long
 * guide) are about nothing but sourdough hydration, and each filter's target mentions sourdough only in passing,
 * so it ranks far below k = 3 without the filter. A search that filtered after taking its top k would come back
 * empty; only a pre-filter finds the target.
 */

const MODES: RetrievalMode[] = ['dense', 'sparse', 'hybrid'];
const QUERY = 'sourdough hydration';
/** mtime of the undated note judged by its last change (and of a dated note that must NOT be judged by it). */
const MARCH_2025 = new Date(2025, 2, 15, 12, 0, 0);
/** "today" for the date-aware queries: Monday 19 January 2026. */
const MONDAY = new Date(2026, 0, 19, 9, 30, 0);

interface VaultFile {
  rel: string;
  text: string;
  mtime?: Date;
}

const RECIPES: [string, string][] = [
  [
    'Country Loaf',
    'A classic country sourdough loaf at 75% hydration. Mix the levain with water, autolyse the flour, then add salt. Bulk fermentation takes five hours with stretch and folds every thirty minutes. High hydration gives an open crumb.',
  ],
  [
    'Whole Wheat Sourdough',
    'Whole wheat flour absorbs more water, so this sourdough bread uses 85% hydration. Feed the starter the night before. Bake in a Dutch oven at 250 degrees for twenty minutes with the lid on.',
  ],
  [
    'Rye Sourdough',
    'Rye sourdough bread needs a very wet dough, around 90% hydration, and a ripe rye starter. Baking rye is different: no stretch and folds, just mix, proof in a tin and bake long.',
  ],
  [
    'Sourdough Baguettes',
    'Sourdough baguettes at 70% hydration. Shape gently, proof on a couche, score at a shallow angle and bake with steam. The levain gives the bread a mild tang.',
  ],
  [
    'Spelt Sourdough',
    'Spelt sourdough bread ferments faster; keep hydration at 68% because spelt gluten is weak. Cold retard overnight in the fridge and bake straight from cold.',
  ],
  [
    'Sourdough Focaccia',
    'Sourdough focaccia is a very high hydration dough, 80% or more, baked in an oiled tray. Dimple with fingers, drizzle olive oil, bake until golden. Great first bread for a new baker.',
  ],
  [
    'Sourdough Starter Care',
    'Keep the sourdough starter at 100% hydration: equal weights of flour and water. Feed it daily at room temperature, weekly in the fridge. A bubbly starter doubles in four to six hours before baking bread.',
  ],
  [
    'Sourdough Sandwich Loaf',
    'A soft sourdough sandwich bread baked in a loaf tin, 72% hydration with a little butter and milk. Long bulk fermentation, then shape into a log and proof until domed.',
  ],
  [
    'Seeded Sourdough',
    'Seeded sourdough loaf with a soaker of sunflower, flax and pumpkin seeds. The soaker adds water, so count it in the hydration, about 78% overall. Bake in a Dutch oven.',
  ],
  [
    'Sourdough Troubleshooting',
    'Dense sourdough crumb usually means underproofed dough or too low hydration. Gummy bread means it was cut too early. Flat loaves come from overproofing or weak shaping during baking prep.',
  ],
  [
    'Sourdough Pizza Dough',
    'Sourdough pizza dough at 65% hydration, fermented 48 hours in the fridge. Ball the dough, let it warm up, stretch by hand and bake as hot as the oven goes. Like bread baking but faster.',
  ],
  [
    'Sourdough Hydration Chart',
    'Hydration is water weight divided by flour weight. Beginner sourdough bread: 65-70% hydration. Intermediate: 75%. Advanced open-crumb baking: 80% and above. Adjust for flour type and humidity.',
  ],
];

const GUIDE_SECTIONS: [string, string][] = [
  [
    'Why hydration matters',
    'Hydration in sourdough is the ratio of water to flour, and it decides almost everything about the loaf. A low hydration sourdough dough is stiff, easy to shape and gives a tight, even crumb that suits sandwiches. A high hydration sourdough dough is slack and sticky, needs strength from folds, and rewards you with an open, glossy crumb and a thin crackling crust. Most home bakers start their sourdough around seventy percent hydration and creep upwards one or two percent per bake as their handling improves.',
  ],
  [
    'Flour and water absorption',
    'Different flours absorb different amounts of water, so sourdough hydration is never a fixed number. Strong white bread flour can take seventy-five percent hydration comfortably. Whole wheat and rye drink far more water, so a whole grain sourdough needs higher hydration to feel the same in the hand. Fresh flour, old flour, humid summer days and dry winter kitchens all shift the right hydration for your sourdough by a few percent.',
  ],
  [
    'The levain counts too',
    'Your sourdough starter is itself flour and water, so it changes the final hydration of the dough. A one hundred percent hydration levain adds equal weights of flour and water. When you calculate sourdough hydration, add the flour and water from the levain to the main dough before dividing, otherwise the loaf will be wetter than you planned.',
  ],
  [
    'Handling wet sourdough',
    'High hydration sourdough is easier with wet hands and a bench scraper. Use coil folds during bulk fermentation rather than kneading, build tension during shaping, and proof in a well floured banneton. Cold retarding the shaped sourdough overnight firms up a high hydration dough and makes scoring much cleaner.',
  ],
  [
    'Baking at different hydrations',
    'Bake high hydration sourdough hot and covered: a preheated Dutch oven traps steam so the loaf can spring before the crust sets. Lower hydration sourdough loaves can be baked on a stone with a tray of water for steam. Wetter sourdough doughs need a little longer uncovered to dry out the crust and avoid a gummy crumb.',
  ],
  [
    'Hydration log',
    'My sourdough hydration log: first loaf at sixty-eight percent was tight but tasty; seventy-two percent gave a better rise; seventy-five percent with a longer bulk was the best sourdough so far; eighty percent spread flat because the starter was sluggish. Next sourdough experiment: seventy-eight percent hydration with a stronger flour.',
  ],
];

function filterVaultFiles(): VaultFile[] {
  const files: VaultFile[] = RECIPES.map(([title, body]) => ({
    rel: `Recipes/${title}.md`,
    text: `# ${title}\n\n${body}\n`,
  }));
  files.push({
    rel: 'Recipes/Sourdough Master Guide.md',
    text: `# Sourdough master guide\n\n${GUIDE_SECTIONS.map(([h, b]) => `## ${h}\n\n${b}\n`).join('\n')}`,
  });
  files.push(
    {
      // A sibling folder whose name starts with "Archive": the folder filter must not leak into it.
      rel: 'Archived/Sourdough Hydration Notes Copy.md',
      text: '# Sourdough hydration notes copy\n\nSourdough hydration: water divided by flour. 75% hydration for a country sourdough loaf. Bread baking with a levain.\n',
    },
    {
      rel: 'Archive/Old Kitchen Log.md',
      text: '# Old kitchen log\n\nNotes from the flat on Elm Street, before the move in 2019.\n\nThe landlord replaced the fridge and the extractor fan. The oven ran hot by about 20 degrees, so everything baked faster than the recipe said. I once tried a sourdough loaf there; the hydration was too high and it spread flat.\n\nThe tap dripped for months and the neighbours played piano on Sundays.\n',
    },
    {
      rel: 'Archive/2019/Moving Day.md',
      text: '# Moving day\n\nPacked forty boxes, the van came at eight, and the sofa did not fit through the door. A neighbour brought coffee and half a sourdough loaf; we joked about the hydration of the movers.\n',
    },
    {
      rel: 'Misc/Weekend Plans.md',
      text: '# Weekend plans\n\nSaturday: cycle to the lake, swim if warm, picnic with friends. Sunday morning farmers market: buy a sourdough loaf from the stall (they say theirs is a high hydration dough). Afternoon: fix the bike chain and call grandma.\n',
    },
    {
      rel: 'Garden/Raised Beds.md',
      text: '# Raised beds\n\nPlanted tomatoes, chard and beans in the two raised beds. The drip line runs every morning. Swapped a bag of compost with the neighbour for a sourdough loaf; she asked about the hydration I use. #project/garden\n',
    },
    {
      rel: 'Misc/Pantry List.md',
      text: '---\ntags: [shopping, Kitchen]\n---\n# Pantry list\n\nOlive oil, rice, lentils, tinned tomatoes, coffee beans, oats. Bread flour for sourdough (high hydration loaves need strong flour). Salt, pepper, cumin.\n',
    },
    {
      rel: 'Misc/Underscore Tag.md',
      text: '# Market stall\n\nThe stall owner talked for ten minutes about sourdough and hydration while the queue grew. #sour_dough\n',
    },
    {
      rel: 'Kitchen_Log/2024/Oven Repair.md',
      text: '# Oven repair\n\nThe technician replaced the thermostat. Test bake: one sourdough loaf, normal hydration, came out fine.\n',
    },
    {
      rel: "Bob's Notes/It's Bob's Bread.md",
      text: "# It's Bob's bread\n\nBob brought his sourdough to the party and wouldn't tell anyone the hydration.\n",
    },
    {
      rel: 'Snippets/Kitchen Timer.md',
      text: '# Kitchen timer\n\nA tiny helper script for the kitchen tablet.\n\n```python\nimport time\n\ndef timer(minutes, label):\n    time.sleep(minutes * 60)\n    print(f"{label} is done")\n\ntimer(20, "sourdough lid on")\n```\n',
    },
    // Daily notes: their date comes from the file name.
    {
      rel: 'Daily/2026-01-11.md',
      text: '# Sunday 11 January\n\nVisited the museum with Alex, dinner at the Thai place. Alex asked for my sourdough recipe.\n',
    },
    {
      rel: 'Daily/2026-01-12.md',
      text: '# Monday 12 January\n\nDentist at nine, then work from home. Wrote the quarterly report draft. Fed the sourdough starter.\n',
    },
    {
      rel: 'Daily/2026-01-17.md',
      text: '# Saturday 17 January\n\nLong walk by the river. Read two chapters of a novel. Cleaned the bathroom. Mixed a sourdough dough, a bit lower hydration than usual.\n',
    },
    {
      rel: 'Daily/2026-01-18.md',
      text: "# Sunday 18 January\n\nRepaired the bike's rear brake, called mum, answered emails about the tax return. Baked a sourdough loaf at 70% hydration in the evening.\n",
    },
    {
      rel: 'Daily/2026-01-19.md',
      text: '# Monday 19 January\n\nBack at work: sprint planning, code review, lunch with Sam. Ate the last slice of sourdough bread, the hydration was spot on.\n',
    },
    {
      // Frontmatter date in June, mtime in March: judged by its own date, never by the mtime.
      rel: 'Journal/Bakery Visit.md',
      text: '---\ndate: 2025-06-10\n---\n# Bakery visit\n\nVisited the famous bakery in the old town with Priya. Bought croissants and coffee; the baker told us their sourdough uses 80% hydration. Then we walked to the castle.\n',
      mtime: MARCH_2025,
    },
    {
      // No date anywhere: judged by its mtime.
      rel: 'Notes/Loose Thoughts.md',
      text: '# Loose thoughts\n\nIdeas from a slow week: learn to juggle, repaint the hallway, try sourdough at a lower hydration next time, plan a trip to the mountains.\n',
      mtime: MARCH_2025,
    },
  );
  return files;
}

function writeVault(root: string, files: VaultFile[]): string {
  const vault = path.join(root, 'filter-vault');
  for (const f of files) {
    const abs = path.join(vault, f.rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, f.text);
    const t = f.mtime ?? FAR_PAST_MTIME;
    utimesSync(abs, t, t);
  }
  return vault;
}

function listNotes(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return listNotes(abs, base);
    return e.name.endsWith('.md') ? [path.relative(base, abs).split(path.sep).join('/')] : [];
  });
}

const localEpoch = (iso: string, endOfDay: boolean): number => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return (endOfDay ? new Date(y, m - 1, d + 1).getTime() : new Date(y, m - 1, d).getTime()) / 1000;
};

/** The filter's meaning, written independently of buildWhere, checked against each result's own metadata. */
function violations(
  r: SearchResult,
  f: MetadataFilters,
  filenames: string[] | undefined,
  codeOf: (chunkId: string) => { contains_code: number; code_language: string },
): string[] {
  const out: string[] = [];
  if (filenames?.length && !filenames.includes(r.source)) out.push(`source ${r.source} not in ${filenames.join(',')}`);
  if (f.folder) {
    const folder = f.folder.replace(/^\/+|\/+$/g, '');
    if (!(r.folder === folder || r.folder.startsWith(`${folder}/`)) || !r.source.startsWith(`${folder}/`))
      out.push(`${r.source} (folder ${r.folder}) is outside ${folder}`);
  }
  if (f.tags) {
    const want = (Array.isArray(f.tags) ? f.tags : [f.tags]).map((t) => t.replace(/^#/, '').toLowerCase());
    const have = r.tags.split(',').filter(Boolean);
    if (!want.some((w) => have.some((h) => h === w || h.startsWith(`${w}/`))))
      out.push(`${r.source} tags "${r.tags}" match none of ${want.join(',')}`);
  }
  if (f.date_from || f.date_to) {
    const from = f.date_from ?? '0001-01-01';
    const to = f.date_to ?? '9999-12-31';
    const ok = r.note_date
      ? r.note_date >= from && r.note_date <= to
      : r.mtime >= localEpoch(from, false) && r.mtime < localEpoch(to, true);
    if (!ok) out.push(`${r.source} (note_date ${r.note_date}, mtime ${r.mtime}) is outside ${from}..${to}`);
  }
  if (f.contains_code !== undefined || f.code_language) {
    const c = codeOf(r.chunk_id);
    if (f.contains_code !== undefined && Boolean(c.contains_code) !== f.contains_code)
      out.push(`${r.source} chunk ${r.chunk_index} contains_code=${c.contains_code}`);
    if (f.code_language && c.code_language !== f.code_language)
      out.push(`${r.source} chunk ${r.chunk_index} code_language=${c.code_language}`);
  }
  return out;
}

function sourcesOf(hits: SearchResult[]): string[] {
  return [...new Set(hits.map((h) => h.source))].sort();
}

describe('similaritySearch on a purpose-made vault', () => {
  let tmp: ReturnType<typeof tempDir>;
  const files = filterVaultFiles();
  let service: VaultService;
  let vault: string;
  const codeOf = (chunkId: string) =>
    service.index.db.db
      .prepare('select contains_code, code_language from obq_chunks where chunk_id = ?')
      .get(chunkId) as {
      contains_code: number;
      code_language: string;
    };
  const search = (input: SearchInput) => similaritySearch(service.index, service.embedder, input);

  beforeAll(async () => {
    tmp = tempDir('obq-search-');
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    vault = writeVault(tmp.dir, files);
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
    const summary = await service.sync();
    expect(summary.failed).toBe(0);
    expect(summary.added).toBe(files.length);
  });
  afterAll(() => {
    service?.close();
    tmp?.cleanup();
  });

  it('indexes the metadata the filters rely on (daily-note date, frontmatter date, mtime, tags, code)', () => {
    const rows = service.index.db.db
      .prepare('select source, tags, note_date, mtime, contains_code from obq_chunks order by source, chunk_index')
      .all() as { source: string; tags: string; note_date: string | null; mtime: number; contains_code: number }[];
    const first = (source: string) => rows.find((r) => r.source === source)!;
    expect(first('Daily/2026-01-18.md').note_date).toBe('2026-01-18');
    expect(first('Journal/Bakery Visit.md').note_date).toBe('2025-06-10');
    expect(first('Notes/Loose Thoughts.md').note_date).toBeNull();
    expect(first('Notes/Loose Thoughts.md').mtime).toBeCloseTo(MARCH_2025.getTime() / 1000, 0);
    expect(first('Garden/Raised Beds.md').tags).toBe(',project/garden,');
    expect(first('Misc/Pantry List.md').tags).toBe(',shopping,kitchen,');
    expect(first('Snippets/Kitchen Timer.md').contains_code).toBe(1);
    expect(rows.filter((r) => r.source === 'Recipes/Sourdough Master Guide.md').length).toBeGreaterThanOrEqual(3);
  });

  interface FilterCase {
    name: string;
    filters?: MetadataFilters;
    filenames?: string[];
    /** Exactly the notes in the vault that satisfy the filter (all mention sourdough, so every mode finds all). */
    expected: string[];
    /** Notes that look close to the filter but must stay out. */
    mustNot?: string[];
  }

  const CASES: FilterCase[] = [
    {
      name: "folder 'Archive' (subfolders in, sibling 'Archived' out)",
      filters: { folder: 'Archive' },
      expected: ['Archive/2019/Moving Day.md', 'Archive/Old Kitchen Log.md'],
      mustNot: ['Archived/Sourdough Hydration Notes Copy.md'],
    },
    {
      name: "folder '/Archive/' (slashes trimmed)",
      filters: { folder: '/Archive/' },
      expected: ['Archive/2019/Moving Day.md', 'Archive/Old Kitchen Log.md'],
    },
    {
      name: 'filter_by_filenames ($in on source)',
      filenames: ['Misc/Weekend Plans.md', 'Daily/2026-01-11.md'],
      expected: ['Daily/2026-01-11.md', 'Misc/Weekend Plans.md'],
    },
    {
      name: "inline nested tag #project/garden matched by its parent 'project'",
      filters: { tags: 'project' },
      expected: ['Garden/Raised Beds.md'],
    },
    {
      name: "nested tag given with '#': '#project/garden'",
      filters: { tags: '#project/garden' },
      expected: ['Garden/Raised Beds.md'],
    },
    {
      name: 'frontmatter tag, case-insensitive, any-of list',
      filters: { tags: ['KITCHEN', 'no-such-tag'] },
      expected: ['Misc/Pantry List.md'],
    },
    {
      name: 'date from a daily-note file name (2026-01-18)',
      filters: { date_from: '2026-01-18', date_to: '2026-01-18' },
      expected: ['Daily/2026-01-18.md'],
      mustNot: ['Daily/2026-01-17.md', 'Daily/2026-01-19.md'],
    },
    {
      name: 'frontmatter date: (June 2025)',
      filters: { date_from: '2025-06-01', date_to: '2025-06-30' },
      expected: ['Journal/Bakery Visit.md'],
    },
    {
      name: 'undated note judged by mtime (March 2025); a dated note with a March mtime stays out',
      filters: { date_from: '2025-03-01', date_to: '2025-03-31' },
      expected: ['Notes/Loose Thoughts.md'],
      mustNot: ['Journal/Bakery Visit.md'],
    },
    {
      name: 'contains_code: true',
      filters: { contains_code: true },
      expected: ['Snippets/Kitchen Timer.md'],
    },
    {
      name: "code_language 'python'",
      filters: { code_language: 'python' },
      expected: ['Snippets/Kitchen Timer.md'],
    },
    {
      name: 'two filters combine with AND (folder Daily + date range)',
      filters: { folder: 'Daily', date_from: '2026-01-17', date_to: '2026-01-18' },
      expected: ['Daily/2026-01-17.md', 'Daily/2026-01-18.md'],
    },
  ];

  describe.each(MODES)('mode %s filters before ranking', (mode) => {
    it.each(CASES)('$name', async (c) => {
      const filters = c.filters ?? {};
      const fail = (hits: SearchResult[]) => hits.flatMap((h) => violations(h, filters, c.filenames, codeOf));

      // Premise: unfiltered, the top 3 hold nothing the filter admits, so filtering after top-k would yield [].
      const unfiltered = await search({
        refined_query_for_vector_search: QUERY,
        k: 3,
        mode,
        threshold: 0,
        dateAware: false,
      });
      expect(unfiltered).toHaveLength(3);
      const admitted = unfiltered.filter((h) => fail([h]).length === 0).map((h) => h.source);
      expect(admitted, 'test premise: unfiltered top-3 must contain no admitted note').toEqual([]);

      const hits = await search({
        refined_query_for_vector_search: QUERY,
        k: 3,
        mode,
        threshold: 0,
        dateAware: false,
        metadata_filters: c.filters,
        filter_by_filenames: c.filenames,
      });
      expect(hits.length).toBeGreaterThan(0);
      expect(c.expected).toContain(hits[0]!.source);
      expect(fail(hits)).toEqual([]);

      // With room for everything, exactly the admitted notes come back.
      const all = await search({
        refined_query_for_vector_search: QUERY,
        k: 50,
        mode,
        threshold: 0,
        dateAware: false,
        perNote: true,
        metadata_filters: c.filters,
        filter_by_filenames: c.filenames,
      });
      expect(fail(all)).toEqual([]);
      expect(sourcesOf(all)).toEqual([...c.expected].sort());
      for (const bad of c.mustNot ?? []) expect(sourcesOf(all)).not.toContain(bad);
    });

    it('contains_code: false keeps every code chunk out', async () => {
      const hits = await search({
        refined_query_for_vector_search: 'sourdough timer script',
        k: 20,
        mode,
        threshold: 0,
        metadata_filters: { contains_code: false },
      });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.flatMap((h) => violations(h, { contains_code: false }, undefined, codeOf))).toEqual([]);
      expect(sourcesOf(hits)).not.toContain('Snippets/Kitchen Timer.md');
    });

    it("a tag filter never matches a child segment or a prefix ('garden', 'proj')", async () => {
      for (const tags of ['garden', 'proj', 'project/gard']) {
        const hits = await search({
          refined_query_for_vector_search: QUERY,
          k: 10,
          mode,
          threshold: 0,
          metadata_filters: { tags },
        });
        expect(hits, `tag filter '${tags}'`).toEqual([]);
      }
    });

    it("quotes in folder and file names are escaped (Bob's Notes/It's Bob's Bread.md)", async () => {
      const byFolder = await search({
        refined_query_for_vector_search: QUERY,
        k: 5,
        mode,
        threshold: 0,
        metadata_filters: { folder: "Bob's Notes" },
      });
      expect(sourcesOf(byFolder)).toEqual(["Bob's Notes/It's Bob's Bread.md"]);
      const byFile = await search({
        refined_query_for_vector_search: QUERY,
        k: 5,
        mode,
        threshold: 0,
        filter_by_filenames: ["Bob's Notes/It's Bob's Bread.md"],
      });
      expect(sourcesOf(byFile)).toEqual(["Bob's Notes/It's Bob's Bread.md"]);
    });

    it('a tag with an underscore (#sour_dough, valid in Obsidian) can be filtered on', async () => {
      const hits = await search({
        refined_query_for_vector_search: QUERY,
        k: 5,
        mode,
        threshold: 0,
        metadata_filters: { tags: 'sour_dough' },
      });
      expect(sourcesOf(hits)).toEqual(['Misc/Underscore Tag.md']);
    });

    it("a folder with an underscore keeps its subfolders (folder 'Kitchen_Log')", async () => {
      const hits = await search({
        refined_query_for_vector_search: QUERY,
        k: 5,
        mode,
        threshold: 0,
        metadata_filters: { folder: 'Kitchen_Log' },
      });
      expect(sourcesOf(hits)).toEqual(['Kitchen_Log/2024/Oven Repair.md']);
    });
  });

  it('dense and sparse agree on what a folder filter admits, whatever its case', async () => {
    const got: Record<string, string[]> = {};
    for (const mode of ['dense', 'sparse'] as const) {
      got[mode] = sourcesOf(
        await search({
          refined_query_for_vector_search: QUERY,
          k: 50,
          mode,
          threshold: 0,
          metadata_filters: { folder: 'archive' },
        }),
      );
    }
    expect(got.sparse).toEqual(got.dense);
  });

  describe('date-aware queries (today fixed to Monday 2026-01-19)', () => {
    it('"what did I do yesterday" is restricted to the daily note of 2026-01-18', async () => {
      expect(translateDates('what did I do yesterday', MONDAY).range).toEqual({ from: '2026-01-18', to: '2026-01-18' });
      // Sparse mode is left out: with the date phrase gone, "what did I do" is all stopwords, so BM25 has nothing to match.
      for (const mode of ['dense', 'hybrid'] as const) {
        const hits = await search({
          refined_query_for_vector_search: 'what did I do yesterday',
          today: MONDAY,
          k: 10,
          mode,
          threshold: 0,
        });
        expect(hits.length, mode).toBeGreaterThan(0);
        expect(sourcesOf(hits), mode).toEqual(['Daily/2026-01-18.md']);
      }
    });

    it('"notes from last week" is restricted to Mon 12 – Sun 18 January', async () => {
      const inWeek = ['Daily/2026-01-12.md', 'Daily/2026-01-17.md', 'Daily/2026-01-18.md'];
      const hits = await search({
        refined_query_for_vector_search: 'sourdough notes from last week',
        today: MONDAY,
        k: 10,
        threshold: 0,
      });
      expect(sourcesOf(hits)).toEqual(inWeek);
    });

    it('date questions are answered at the default threshold (the date phrase is the point of the query)', async () => {
      const yesterday = await search({
        refined_query_for_vector_search: 'what did I do yesterday',
        today: MONDAY,
        k: 5,
      });
      const lastWeek = await search({ refined_query_for_vector_search: 'notes from last week', today: MONDAY, k: 5 });
      const best = async (q: string, date: string) =>
        Math.max(
          ...(
            await search({
              refined_query_for_vector_search: q,
              k: 5,
              threshold: 0,
              dateAware: false,
              metadata_filters: { date_from: date, date_to: date },
            })
          ).map((h) => h.dense_score ?? 0),
        );
      console.log(
        `[calibration] best dense score of the date-stripped query "what did I do" on the 2026-01-18 note: ${(await best('what did I do', '2026-01-18')).toFixed(3)} (threshold ${service.embedder.calibration.threshold})`,
      );
      expect(sourcesOf(yesterday)).toEqual(['Daily/2026-01-18.md']);
      expect(lastWeek.length).toBeGreaterThan(0);
      expect(
        lastWeek.every((h) => ['Daily/2026-01-12.md', 'Daily/2026-01-17.md', 'Daily/2026-01-18.md'].includes(h.source)),
      ).toBe(true);
    });

    it('dateAware: false searches every date', async () => {
      const hits = await search({
        refined_query_for_vector_search: 'what did I do yesterday with sourdough',
        today: MONDAY,
        k: 10,
        threshold: 0,
        dateAware: false,
      });
      expect(hits.some((h) => h.source !== 'Daily/2026-01-18.md')).toBe(true);
    });

    it('an explicit date filter wins over a date phrase in the query', async () => {
      const hits = await search({
        refined_query_for_vector_search: 'sourdough yesterday',
        today: MONDAY,
        k: 10,
        threshold: 0,
        metadata_filters: { date_from: '2025-06-01', date_to: '2025-06-30' },
      });
      expect(sourcesOf(hits)).toEqual(['Journal/Bakery Visit.md']);
    });
  });

  describe('per-note dedup', () => {
    it.each(MODES)(
      '%s: without perNote several chunks of the long guide appear; with it, one per note',
      async (mode) => {
        const guide = 'Recipes/Sourdough Master Guide.md';
        const chunks = await search({
          refined_query_for_vector_search: 'high hydration sourdough handling and baking',
          k: 10,
          mode,
          threshold: 0,
        });
        expect(chunks.filter((h) => h.source === guide).length).toBeGreaterThanOrEqual(2);
        expect(new Set(chunks.map((h) => h.chunk_id)).size).toBe(chunks.length);

        const notes = await search({
          refined_query_for_vector_search: 'high hydration sourdough handling and baking',
          k: 10,
          mode,
          threshold: 0,
          perNote: true,
        });
        expect(notes).toHaveLength(10);
        expect(new Set(notes.map((h) => h.source)).size).toBe(notes.length);
        expect(notes.filter((h) => h.source === guide)).toHaveLength(1);
        // The note's best chunk is the one kept: it is the guide's first appearance in the chunk ranking.
        const bestChunk = chunks.find((h) => h.source === guide)!;
        expect(notes.find((h) => h.source === guide)!.chunk_id).toBe(bestChunk.chunk_id);
      },
    );
  });

  describe('result shape', () => {
    it.each(MODES)('%s: results carry scores, ranks 1..n in order, the chunk text and its metadata', async (mode) => {
      const hits = await search({
        refined_query_for_vector_search: 'sourdough hydration for a beginner',
        k: 8,
        mode,
        threshold: 0,
      });
      expect(hits).toHaveLength(8);
      expect(hits.map((h) => h.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
      for (const h of hits) {
        expect(Number.isFinite(h.score)).toBe(true);
        if (mode === 'dense') {
          expect(h.dense_score).toBeTypeOf('number');
          expect(h.sparse_score).toBeNull();
          expect(h.score).toBeCloseTo(h.dense_score!, 6);
        } else if (mode === 'sparse') {
          expect(h.dense_score).toBeNull();
          expect(h.sparse_score).toBeTypeOf('number');
          expect(h.score).toBeGreaterThan(0);
          expect(h.score).toBeLessThanOrEqual(1 + 1e-9);
        } else {
          expect(h.dense_score !== null || h.sparse_score !== null).toBe(true);
        }
        if (h.dense_score !== null) {
          expect(h.dense_score).toBeGreaterThanOrEqual(-1);
          expect(h.dense_score).toBeLessThanOrEqual(1);
        }
        expect(h.chunk_id).toMatch(/^[0-9a-f-]{36}$/);
        expect(h.page_content.length).toBeGreaterThan(0);
        expect(h.title.length).toBeGreaterThan(0);
        expect(h.folder).toBe(h.source.includes('/') ? h.source.slice(0, h.source.lastIndexOf('/')) : '');
        expect(h.total_chunks).toBeGreaterThan(h.chunk_index);
        expect(h.start_line).toBeGreaterThanOrEqual(0);
        expect(h.end_line).toBeGreaterThan(h.start_line);
        expect(typeof h.tags).toBe('string');
        expect(typeof h.mtime).toBe('number');
        // start_line/end_line (0-based, end-exclusive) point at the chunk inside the note itself.
        const lines = readFileSync(path.join(vault, h.source), 'utf8').split('\n');
        expect(lines.slice(h.start_line, h.end_line).join('\n')).toContain(h.page_content.trimEnd());
      }
      if (mode === 'sparse') expect(hits[0]!.score).toBeCloseTo(1, 6);
    });

    it('section_title and header_path come from the headings above the chunk', async () => {
      const hits = await search({
        refined_query_for_vector_search: 'the levain counts toward the final dough hydration',
        k: 1,
        threshold: 0,
        filter_by_filenames: ['Recipes/Sourdough Master Guide.md'],
      });
      expect(hits[0]).toMatchObject({
        source: 'Recipes/Sourdough Master Guide.md',
        title: 'Sourdough Master Guide',
        section_title: 'The levain counts too',
        header_path: 'Sourdough master guide › The levain counts too',
      });
      expect(hits[0]!.page_content).toContain('one hundred percent hydration levain');
    });

    it('k bounds the number of results', async () => {
      for (const k of [1, 2, 5]) {
        expect(await search({ refined_query_for_vector_search: QUERY, k, threshold: 0 })).toHaveLength(k);
      }
      expect(await search({ refined_query_for_vector_search: QUERY, threshold: 0 })).toHaveLength(5);
    });
  });

  describe('input validation and failures', () => {
    it('an empty or blank query throws SearchInputError', async () => {
      for (const q of ['', '   \n\t']) {
        const err = await search({ refined_query_for_vector_search: q }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(SearchInputError);
        expect((err as Error).message).toMatch(/empty/i);
      }
    });

    it(`a query over ${MAX_QUERY_CHARS} characters throws; exactly ${MAX_QUERY_CHARS} is fine`, async () => {
      const err = await search({ refined_query_for_vector_search: 'x'.repeat(501) }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SearchInputError);
      expect((err as Error).message).toContain('501');
      expect((err as Error).message).toContain('500');
      const atLimit = `${QUERY} `.repeat(30).slice(0, MAX_QUERY_CHARS);
      expect(atLimit).toHaveLength(500);
      await expect(search({ refined_query_for_vector_search: atLimit, threshold: 0 })).resolves.not.toHaveLength(0);
    });

    it('invalid metadata filters throw SearchInputError naming the problem', async () => {
      const bad: unknown[] = [
        { author: 'me' },
        { folder: 'Archive', extra: 1 },
        { date_from: '18/01/2026' },
        { date_to: '2026-1-18' },
        { contains_code: 'yes' },
        { tags: 42 },
      ];
      for (const metadata_filters of bad) {
        const err = await search({
          refined_query_for_vector_search: QUERY,
          metadata_filters: metadata_filters as MetadataFilters,
        }).catch((e: unknown) => e);
        expect(err, JSON.stringify(metadata_filters)).toBeInstanceOf(SearchInputError);
        expect((err as Error).message).toMatch(/^Invalid metadata filter: \S/);
      }
      const err = await search({
        refined_query_for_vector_search: QUERY,
        metadata_filters: { author: 'me' } as MetadataFilters,
      }).catch((e: unknown) => e);
      expect((err as Error).message).toMatch(/author/);
    });

    it('k outside 1..100 throws', async () => {
      for (const k of [0, -1, 101, 2.5, Number.NaN]) {
        await expect(search({ refined_query_for_vector_search: QUERY, k })).rejects.toBeInstanceOf(SearchInputError);
      }
    });

    it('a failing embedder yields [] (logged), not an exception', async () => {
      const broken: Embedder = { ...service.embedder, embed: () => Promise.reject(new Error('ONNX session disposed')) };
      const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await expect(
          similaritySearch(service.index, broken, { refined_query_for_vector_search: QUERY }),
        ).resolves.toEqual([]);
        expect(spy).toHaveBeenCalledWith(expect.stringContaining('ONNX session disposed'));
      } finally {
        spy.mockRestore();
      }
    });

    it('a closed index (vault switched while a search was in flight) yields [] in every mode', async () => {
      const other = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
      other.close();
      const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        for (const mode of MODES) {
          await expect(
            similaritySearch(other.index, other.embedder, { refined_query_for_vector_search: QUERY, mode }),
          ).resolves.toEqual([]);
        }
        expect(spy).toHaveBeenCalledTimes(3);
      } finally {
        spy.mockRestore();
      }
      // The shared index is untouched.
      expect(await search({ refined_query_for_vector_search: QUERY, threshold: 0 })).toHaveLength(5);
    });

    it('BM25 scores the rarest words first within its postings budget, counting what FTS5 really matches', () => {
      // Ground truth straight from FTS5: English chunks are indexed stemmed, so "Baguettes" must be costed as
      // every index term it may match (the word as written and its stem), counted by FTS5 itself.
      const chunksWith = (word: string) =>
        (
          service.index.db.db.prepare('select count(*) as n from obq_chunks_fts where obq_chunks_fts match ?').get(
            wordTerms(foldText(word))
              .map((t) => `"${t}"`)
              .join(' OR '),
          ) as { n: number }
        ).n;
      const common = chunksWith('sourdough');
      const rare = chunksWith('Baguettes');
      expect(rare).toBeGreaterThan(0);
      expect(common).toBeGreaterThan(5 * rare);
      const db = service.index.db;
      const q = 'Sourdough baguettes';
      expect(affordableWords(db, q)).toEqual(['sourdough', 'baguettes']);
      expect(affordableWords(db, q, common + rare)).toEqual(['sourdough', 'baguettes']);
      expect(affordableWords(db, q, common + rare - 1)).toEqual(['baguettes']);
      expect(affordableWords(db, q, rare - 1)).toEqual([]);
      // Words no chunk holds cost nothing and are kept; stopwords never reach FTS5.
      expect(affordableWords(db, 'the zyxwvut baguettes', rare)).toEqual(['zyxwvut', 'baguettes']);
      // Ranking inside FTS5 first (unfiltered) and joining first (filtered) agree on the same scope.
      const top = sparseSearch(db, q, 5).map((h) => h.chunk_id);
      const filtered = sparseSearch(db, q, 5, '1 = 1').map((h) => h.chunk_id);
      expect(top.length).toBe(5);
      expect(filtered).toEqual(top);
    });

    it('punctuation and FTS syntax in the query are harmless', async () => {
      for (const q of [
        'sourdough" OR NOT (hydration*',
        "it's ^ NEAR(sourdough hydration)",
        '-- ; drop table obq_chunks',
        '???',
      ]) {
        for (const mode of MODES) {
          await expect(search({ refined_query_for_vector_search: q, mode, threshold: 0 })).resolves.toBeInstanceOf(
            Array,
          );
        }
      }
      expect(service.index.db.countsByStatus().chunks).toBeGreaterThan(0);
    });
  });
});

describe('similaritySearch on the sample vault', () => {
  let tmp: ReturnType<typeof tempDir>;
  let service: VaultService;
  const search = (input: SearchInput) => similaritySearch(service.index, service.embedder, input);
  /** Every note's mtime: the day after the last daily note, so mtime-judged notes fall outside the ranges tested. */
  const EDITED = new Date(2026, 10, 22, 12, 0, 0);

  beforeAll(async () => {
    tmp = tempDir('obq-search-sample-');
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const vault = copyVault(sampleVault, tmp.dir);
    for (const rel of listNotes(vault)) utimesSync(path.join(vault, rel), EDITED, EDITED);
    expect(statSync(path.join(vault, 'Home.md')).mtime.getTime()).toBe(EDITED.getTime());
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
    const summary = await service.sync();
    expect(summary.failed).toBe(0);
  });
  afterAll(() => {
    service?.close();
    tmp?.cleanup();
  });

  const bestDense = async (q: string) =>
    Math.max(
      ...(await search({ refined_query_for_vector_search: q, k: 5, threshold: 0, dateAware: false })).map(
        (h) => h.dense_score ?? -1,
      ),
    );

  const NONSENSE = [
    'quantum chromodynamics gluon confinement lattice',
    'How do I change the oil in a motorcycle?',
    'what is the capital of Mongolia',
    'stock market index fund returns',
  ];
  const ANSWERABLE = [
    'How long does the watering pump run each morning, and at what time does it start?',
    'What IP address did I give the new home server?',
    'When is my next dental check-up?',
    'What does my sister work as?',
    'How do I make a callout that starts folded?',
  ];

  it('threshold: unrelated questions return [] at the default threshold, real ones return results', async () => {
    const nonsense: string[] = [];
    for (const q of NONSENSE) {
      nonsense.push(`${(await bestDense(q)).toFixed(3)}  ${q}`);
      expect(await search({ refined_query_for_vector_search: q }), q).toEqual([]);
      expect(await search({ refined_query_for_vector_search: q, mode: 'hybrid', perNote: true }), q).toEqual([]);
    }
    const real: string[] = [];
    for (const q of ANSWERABLE) {
      real.push(`${(await bestDense(q)).toFixed(3)}  ${q}`);
      const hits = await search({ refined_query_for_vector_search: q, perNote: true });
      expect(hits.length, q).toBeGreaterThan(0);
    }
    console.log(
      `[calibration] ${service.embedder.modelId} default threshold ${service.embedder.calibration.threshold}; best dense score per query\n  nonsense:\n    ${nonsense.join('\n    ')}\n  answerable:\n    ${real.join('\n    ')}`,
    );
  });

  it('threshold: every question of eval/sample-vault.jsonl clears the default gate', async () => {
    const queries = readFileSync(path.join(repoRoot, 'eval/sample-vault.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { q: string; rel: string[] });
    const gated: string[] = [];
    const scores: number[] = [];
    for (const { q } of queries) {
      const s = await bestDense(q);
      scores.push(s);
      if ((await search({ refined_query_for_vector_search: q, dateAware: false })).length === 0)
        gated.push(`${s.toFixed(3)} ${q}`);
    }
    console.log(
      `[calibration] eval questions: min best dense ${Math.min(...scores).toFixed(3)}, median ${[...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)]!.toFixed(3)}`,
    );
    expect(gated).toEqual([]);
  });

  it('a higher threshold gates more; threshold 0 never gates a dense search', async () => {
    const q = 'What does my sister work as?';
    const best = await bestDense(q);
    expect(await search({ refined_query_for_vector_search: q, threshold: Math.min(1, best + 0.01) })).toEqual([]);
    expect((await search({ refined_query_for_vector_search: q, threshold: best - 0.01 })).length).toBeGreaterThan(0);
    expect((await search({ refined_query_for_vector_search: NONSENSE[0]!, threshold: 0, mode: 'dense' })).length).toBe(
      5,
    );
  });

  it('hybrid scores say how good the best match is: a nonsense query shows lower than a real one', async () => {
    // Fusion ranks on per-query rescaled scores; without scaling them back, every query's best hit showed ~86%.
    const top = async (q: string) =>
      (await search({ refined_query_for_vector_search: q, mode: 'hybrid', threshold: 0, dateAware: false }))[0]!.score;
    const nonsense = await top(NONSENSE[0]!);
    const real = await top('Which Arduino pin drives the relay for the garden pump?');
    expect(nonsense).toBeLessThan(real);
    expect(nonsense).toBeLessThan(0.5);
    expect(real).toBeLessThanOrEqual(1);
  });

  it('a real question finds its note first in every mode', async () => {
    for (const mode of MODES) {
      const hits = await search({
        refined_query_for_vector_search: 'Which Arduino pin drives the relay for the garden pump?',
        mode,
        perNote: true,
      });
      expect(hits[0]?.source, mode).toBe('Projects/Garden Irrigation.md');
    }
  });

  it('folder and nested-tag filters on a realistic vault', async () => {
    const inProjects = await search({
      refined_query_for_vector_search: 'what did Tom help me with',
      k: 5,
      perNote: true,
      threshold: 0,
      metadata_filters: { folder: 'Projects' },
    });
    expect(inProjects.length).toBeGreaterThan(0);
    expect(inProjects.every((h) => h.source.startsWith('Projects/'))).toBe(true);

    // #project/garden appears in frontmatter (Garden Irrigation) and inline (daily notes, Home).
    const garden = await search({
      refined_query_for_vector_search: 'garden watering',
      k: 20,
      perNote: true,
      threshold: 0,
      metadata_filters: { tags: 'project' },
    });
    const sources = sourcesOf(garden);
    expect(sources).toEqual(
      expect.arrayContaining([
        'Projects/Garden Irrigation.md',
        'Daily/2026-10-27.md',
        'Daily/2026-11-16.md',
        'Home.md',
      ]),
    );
    for (const h of garden) expect(h.tags, h.source).toMatch(/,project\//);
    expect(sources).not.toContain('People/Tom Becker.md');
  });

  describe('date-aware (today = Tuesday 2026-11-17)', () => {
    const TODAY = new Date(2026, 10, 17, 8, 0, 0);

    it('date questions clear the default threshold: yesterday, an ISO date', async () => {
      const yesterday = await search({
        refined_query_for_vector_search: 'what did I do yesterday',
        today: TODAY,
        k: 5,
      });
      expect.soft(sourcesOf(yesterday)).toEqual(['Daily/2026-11-16.md']);
      const onDate = await search({
        refined_query_for_vector_search: 'What did I do on 2026-11-03?',
        today: TODAY,
        k: 5,
        perNote: true,
      });
      expect.soft(sourcesOf(onDate)).toContain('Daily/2026-11-03.md');
      for (const h of onDate) expect.soft(h.note_date, h.source).toBe('2026-11-03');
    });

    it('with the gate off, the date range alone decides which notes qualify', async () => {
      const yesterday = await search({
        refined_query_for_vector_search: 'what did I do yesterday',
        today: TODAY,
        k: 5,
        threshold: 0,
      });
      expect(sourcesOf(yesterday)).toEqual(['Daily/2026-11-16.md']);
      const onDate = await search({
        refined_query_for_vector_search: 'What did I do on 2026-11-03?',
        today: TODAY,
        k: 5,
        perNote: true,
        threshold: 0,
      });
      // The daily note by its name, the sourdough recipe by its frontmatter `created: 2026-11-03`.
      expect(sourcesOf(onDate)).toEqual(['Daily/2026-11-03.md', 'Resources/Sourdough Bread.md']);
    });

    it('"What happened on Saturday 7 November?" (an eval question) is about 2026-11-07', async () => {
      expect.soft(translateDates('What happened on Saturday 7 November?', TODAY).range).toEqual({
        from: '2026-11-07',
        to: '2026-11-07',
      });
      const hits = await search({
        refined_query_for_vector_search: 'What happened on Saturday 7 November?',
        today: TODAY,
        k: 5,
        perNote: true,
        threshold: 0,
      });
      expect(hits[0]?.source).toBe('Daily/2026-11-07.md');
    });

    it('"meetings last week" stays within Mon 9 – Sun 15 November', async () => {
      const hits = await search({
        refined_query_for_vector_search: 'meetings last week',
        today: TODAY,
        k: 10,
        threshold: 0,
      });
      expect(hits.length).toBeGreaterThan(0);
      for (const h of hits) {
        // A note without a date of its own is here only for a line naming a day of that week: Maya's meeting notes,
        // "[[2026-11-12]] — 1:1: …", found by the day's written form (periodWords).
        if (h.note_date === null) {
          expect(h.source).toBe('People/Maya Chen.md');
          expect(h.page_content).toMatch(/2026-11-12\]\] — 1:1/);
          continue;
        }
        expect(h.note_date! >= '2026-11-09' && h.note_date! <= '2026-11-15', `${h.source} ${h.note_date}`).toBe(true);
      }
    });
  });

  describe('exact-name retrieval: a rare title or alias ranks its note first (hybrid)', () => {
    it.each([
      ['atlas', 'Projects/Home Server Migration.md'],
      ['NUC migration', 'Projects/Home Server Migration.md'],
      ['PragProg', 'Resources/Books/The Pragmatic Programmer.md'],
      ['Watering system', 'Projects/Garden Irrigation.md'],
      ['MOC', 'Home.md'],
      ['Medical', 'Areas/Health.md'],
      ['PHM', 'Resources/Books/Project Hail Mary.md'],
      ['Spring holiday 2027', 'Projects/Lisbon Trip.md'],
    ])('%s → %s', async (q, note) => {
      const hits = await search({ refined_query_for_vector_search: q, k: 3, perNote: true, mode: 'hybrid' });
      expect(
        hits.map((h) => `${h.source} (dense ${h.dense_score?.toFixed(3)}, sparse ${h.sparse_score?.toFixed(3)})`)[0] ??
          '[]',
      ).toMatch(new RegExp(`^${note.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `));
      // BM25 alone always has it first: the title/alias columns carry 8x weight.
      const sparse = await search({ refined_query_for_vector_search: q, k: 1, mode: 'sparse', dateAware: false });
      expect(sparse[0]?.source).toBe(note);
    });

    // Asking what or who a note's title is names it too: "what is the home server migration" had the day note of the
    // migration first (definitionSubject, src/text/definitionQuestion.ts).
    it.each([
      ['what is the home server migration', 'Projects/Home Server Migration.md'],
      ['what is the watering system?', 'Projects/Garden Irrigation.md'],
      ['¿Qué es Lisbon Trip?', 'Projects/Lisbon Trip.md'],
      ['who is Maya?', 'People/Maya Chen.md'],
    ])('asking what it is: %s → %s', async (q, note) => {
      const hits = await search({ refined_query_for_vector_search: q, k: 3, perNote: true, mode: 'hybrid' });
      expect(hits.map((h) => h.source)[0]).toBe(note);
    });
  });
});

describe('a lookup of words the vault holds in a few chunks', () => {
  let tmp: ReturnType<typeof tempDir>;
  let service: VaultService;
  const search = (input: SearchInput) => similaritySearch(service.index, service.embedder, input);
  // A long note that mentions the code once, in passing: its embedding is about tomatoes, not "KQ7731".
  const TOMATOES = `# Tomatoes this season

The tomatoes along the south fence did well this year, better than the ones by the shed. I watered them every second morning in July and mulched with straw after the first heat wave, which kept the soil from cracking. The San Marzano plants were the most productive; the cherry tomatoes split after the storm in August. Next year I want to try grafted seedlings and a drip line on a timer. Seed batch KQ7731 came from the swap at the library. I should also rotate the beds, since the peppers were weaker than last year and the soil might be tired. Compost from the bin behind the garage goes in first, in October, and then leaves over winter.
`;
  // A short note with a code that looks like it: on main its embedding beat the tomato note's for "KQ7731".
  const ORDER = `# Hardware order

Ordered the replacement part. Serial number ZX-88123-Q for the warranty claim. The courier said delivery on Friday.
`;

  beforeAll(async () => {
    tmp = tempDir('obq-search-rare-');
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const vault = copyVault(sampleVault, tmp.dir);
    writeNotes(vault, { 'Inbox/Tomatoes.md': TOMATOES, 'Inbox/Hardware order.md': ORDER });
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
    expect((await service.sync()).failed).toBe(0);
  });
  afterAll(() => {
    service?.close();
    tmp?.cleanup();
  });

  it('a code written once in a long note finds that note first, in hybrid and BM25 (it was gated out)', async () => {
    for (const q of ['KQ7731', 'kq7731', 'seed batch KQ7731']) {
      for (const mode of ['hybrid', 'sparse'] as const) {
        const hits = await search({ refined_query_for_vector_search: q, perNote: true, mode });
        expect(hits[0]?.source, `${mode}: ${q}`).toBe('Inbox/Tomatoes.md');
        expect(hits[0]?.weak, q).toBe(false);
      }
    }
  });

  it('only a query made wholly of rare words is a lookup: a common or unknown word in it makes it a question', () => {
    const db = service.index.db;
    expect(notesWithRareWords(db, 'KQ7731')).toEqual(['Inbox/Tomatoes.md']);
    expect(notesWithRareWords(db, 'warranty courier')).toEqual(['Inbox/Hardware order.md']);
    // "tomatoes" is in the tomato note only, but "garden" is in many chunks of the sample vault.
    expect(sparseSearch(db, 'garden', 20).length).toBeGreaterThan(RARE_WORD_MAX_CHUNKS);
    expect(notesWithRareWords(db, 'KQ7731 garden')).toEqual([]);
    // A word no note holds (a typo, or another subject) is not a lookup of the vault's words.
    expect(notesWithRareWords(db, 'KQ7731 dentist')).toEqual([]);
    // Rare words held by different notes: no note holds both.
    expect(notesWithRareWords(db, 'KQ7731 courier')).toEqual([]);
  });

  it('a question whose key words one list line holds together is shown that line, though its chunk is far in meaning', async () => {
    // The sample vault's Inbox holds "Renew the car insurance before 2026-12-31" among unrelated tasks: its chunk's
    // dense score is under the relevance gate, and the question got no result at all.
    const q = 'by when do I have to renew the car insurance';
    const hits = await search({ refined_query_for_vector_search: q, k: 10, perNote: true, dateAware: false });
    expect(hits.map((h) => h.source)).toContain('Inbox.md');
    const db = service.index.db;
    // The day note that wrote "Car insurance renewal → calendar reminder" holds them too (English words by stem).
    expect(notesHoldingKeyWords(db, q).sort()).toEqual(['Daily/2026-11-21.md', 'Inbox.md']);
    // A key word the vault lacks makes it a question about something else; one key word alone is no lookup of the
    // one note that holds it ("my birthday" is not Lena's); words many chunks hold together name no few notes.
    expect(notesHoldingKeyWords(db, 'by when do I have to renew the boat insurance')).toEqual([]);
    expect(notesHoldingKeyWords(db, 'when is my birthday')).toEqual([]);
    // Every chunk of "Home Server Migration" holds both words (a chunk is indexed with its note's title).
    const together = sparseSearch(db, 'home server', 50).filter(
      (h) => h.source === 'Projects/Home Server Migration.md',
    );
    expect(together.length).toBeGreaterThan(RARE_WORD_MAX_CHUNKS);
    expect(notesHoldingKeyWords(db, 'home server')).toEqual([]);
  });

  it('the dense-only search is not changed by it (no words, only meaning)', async () => {
    const hits = await search({
      refined_query_for_vector_search: 'KQ7731',
      perNote: true,
      mode: 'dense',
      threshold: 0,
    });
    const rank = hits.findIndex((h) => h.source === 'Inbox/Tomatoes.md');
    expect(rank === -1 || rank > 0).toBe(true);
  });
});
