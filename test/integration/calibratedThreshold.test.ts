/**
 * The threshold bug (issue 19): a settings default of 0.3 used to override every embedder's calibrated gate
 * (0.22 for MPNet). With the DEFAULT embedder (MPNet, not MiniLM, whose gate is 0.3 too and so hid the bug):
 * settings say auto, the backend reports the model's gate, and a query scoring between 0.22 and 0.3 is answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/fixtures.js';
import { Backend } from '../../src/services/backend.js';
import { VaultService } from '../../src/services/vaultService.js';
import { loadSettings } from '../../src/services/settings.js';
import { loadManifest } from '../../src/models/manifest.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';

delete process.env.OBSIQUERY_EMBEDDING_MODEL; // the default embedder

const NOTES: Record<string, string> = {
  'Sourdough.md':
    '# Sourdough bread\n\nFeed the starter the night before. 75% hydration, stretch and fold every 30 minutes, bake at 250 °C in a Dutch oven.\n',
  'Irrigation.md':
    '# Garden irrigation\n\nThe drip line runs from the rain barrel; the pump needs a 12 V battery and a timer set to 6 am.\n',
  'Bike.md':
    '# Bike maintenance\n\nChain lube every 300 km, check tyre pressure weekly, replace brake pads when the groove is gone.\n',
};
/** Queries of every degree of relatedness: the test needs one whose best score lies in the gap. */
const CANDIDATES = [
  'weekend chores',
  'things I fixed',
  'morning routine',
  'kitchen',
  'outdoor equipment',
  'hobbies',
  'household tasks',
  'recipes',
  'energy',
  'schedules',
  'temperature',
  'maintenance tips',
  'electronics',
  'transport',
  'water',
  'food',
  'tools',
  'plans for spring',
  'how often',
  'checklist',
];

describe('calibrated relevance gate with the default embedder', () => {
  const tmp = tempDir();
  let backend: Backend;
  let dataDir: string;
  let vault: string;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    vault = path.join(tmp.dir, 'vault');
    mkdirSync(vault);
    for (const [name, text] of Object.entries(NOTES)) writeFileSync(path.join(vault, name), text);
    dataDir = path.join(tmp.dir, 'data');
    const service = await VaultService.open({ vault, dataDir });
    await service.sync();
    service.close();
    backend = new Backend(() => {
      throw new Error('no worker needed: this test does not sync through the backend');
    });
    await backend.openVault(vault, dataDir);
  }, 600_000);
  afterAll(async () => {
    await backend?.close();
    tmp.cleanup();
  });

  it('the default embedder is MPNet with a gate below the old settings default', () => {
    const model = loadManifest().embedding;
    expect(model.search?.threshold).toBe(0.22);
  });

  it('settings default to auto and report the model gate', async () => {
    const s = (await backend.handle('settings:get', {})) as { threshold: number | null; autoThreshold: number };
    expect(s.threshold).toBeNull();
    expect(s.autoThreshold).toBe(0.22);
  });

  it('a settings file from before (threshold 0.3 written as the default) reads as auto', () => {
    const dir = path.join(tmp.dir, 'old-settings');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ chunkSize: 200, threshold: 0.3 }));
    expect(loadSettings(dir).threshold).toBeNull();
    // A value the user chose since (the file carries the version) stands.
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ threshold: 0.3, version: 2 }));
    expect(loadSettings(dir).threshold).toBe(0.3);
  });

  it('answers a query scoring between 0.22 and 0.3, which the old 0.3 default refused', async () => {
    // Find, with real scores, a query in the gap between MPNet's gate and the old default.
    const service = await VaultService.open({ vault, dataDir });
    const scores: Record<string, number> = {};
    try {
      for (const q of CANDIDATES) {
        const hits = await similaritySearch(service.index, service.embedder, {
          refined_query_for_vector_search: q,
          mode: 'dense',
          threshold: 0,
          k: 1,
          dateAware: false,
        });
        scores[q] = hits[0]?.dense_score ?? 0;
      }
    } finally {
      service.close();
    }
    const inGap = Object.entries(scores).filter(([, s]) => s >= 0.23 && s < 0.29);
    expect(inGap.length, `best dense scores: ${JSON.stringify(scores)}`).toBeGreaterThan(0);
    const [query] = inGap[0]!;
    const hitsOf = async () => ((await backend.handle('search:query', { query })) as { hits: unknown[] }).hits;
    const hits = await hitsOf();
    expect(hits.length, `"${query}" scored ${scores[query]}`).toBeGreaterThan(0);
    // The user's explicit 0.3 still gates it out.
    await backend.handle('settings:set', { threshold: 0.3 });
    expect(await hitsOf()).toEqual([]);
    const back = (await backend.handle('settings:set', { threshold: null })) as { threshold: number | null };
    expect(back.threshold).toBeNull();
    expect((await hitsOf()).length).toBeGreaterThan(0);
  });
});
