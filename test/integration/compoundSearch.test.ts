import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFastEmbedder } from '../helpers/fixtures.js';
import { syncedNotes } from '../helpers/syncedNotes.js';
import type { VaultService } from '../../src/services/vaultService.js';
import { affordableTerms, sparseSearch } from '../../src/store/sparse.js';

/**
 * German writes as one word what a note may write as two: "Welche Videoformate kann Obsidian abspielen?" over a vault
 * whose formats note says "Video" and "Formate", never "Videoformate". BM25 found nothing for the compound, so the
 * other words of the question decided, and the note that answers was not among the results.
 */
describe('BM25: a compound no note writes is searched as its parts', () => {
  let service: VaultService;
  let close = () => {};

  beforeAll(async () => {
    useFastEmbedder();
    ({ service, close } = await syncedNotes({
      'Unterstützte Formate.md':
        '# Unterstützte Formate\n\nObsidian erkennt diese Formate.\n\n## Video\n\n- .mkv, .mov, .mp4, .webm\n',
      'Audio aufnehmen.md': '# Audio aufnehmen\n\nObsidian kann Audio aufnehmen und in der Notiz abspielen.',
      'Sync.md': '# Sync\n\nObsidian Sync synchronisiert deine Notizen. Obsidian speichert nichts auf dem Server.',
      'Tagesnotizen.md': '# Tagesnotizen\n\nObsidian legt jeden Tag eine Notiz an.',
      'Server.md': '# Server\n\nDer Server steht in der Region, die du wählst.',
      'Standort.md': '# Standort\n\nDer Standort ist ein Ort.',
    }));
  }, 300_000);
  afterAll(() => close());

  it('splits an unknown compound into two words the notes hold, and finds the note that writes them', () => {
    const db = service.index.db;
    const terms = affordableTerms(db, 'Welche Videoformate kann Obsidian abspielen?');
    expect(terms.find((t) => t.word === 'videoformate')?.terms).toEqual(
      expect.arrayContaining(['videoformate', 'video', 'formate']),
    );
    expect(sparseSearch(db, 'Welche Videoformate kann Obsidian abspielen?', 5)[0]?.source).toBe(
      'Unterstützte Formate.md',
    );
  });

  it('leaves a word the notes hold as it is, and a word with no two known parts', () => {
    const db = service.index.db;
    expect(affordableTerms(db, 'Tagesnotizen').map((t) => t.terms)).toEqual([['tagesnotizen']]);
    expect(affordableTerms(db, 'Friseurtermin').map((t) => t.terms)).toEqual([['friseurtermin']]);
  });

  it('splits at the pair the notes hold most often, and never an English query', () => {
    const db = service.index.db;
    expect(
      affordableTerms(db, 'Wo steht mein Serverstandort?').find((t) => t.word === 'serverstandort')?.terms,
    ).toEqual(['serverstandort', 'server', 'standort']);
    expect(affordableTerms(db, 'which videoformate does it play').flatMap((t) => t.terms)).not.toContain('video');
  });
});
