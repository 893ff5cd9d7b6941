import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { createChatService } from '../../src/agent/chatService.js';

/*
 * A line quoted from a hub (a note listing notes, each with a line about it) cites the note it describes as well as
 * the hub: through the whole agent (no chat model) on a real index. Before, only the hub was a source, and the note
 * the question was about could not be opened from the answer.
 */
useFastEmbedder();

describe('an answer quoting a hub’s line about a note', () => {
  const tmp = tempDir('obq-hub-');
  let service: VaultService;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const vault = path.join(tmp.dir, 'vault');
    mkdirSync(path.join(vault, 'Garden'), { recursive: true });
    writeFileSync(
      path.join(vault, 'Index.md'),
      '# Index\n\nWhere the garden notes live.\n\n- [[Pump wiring]]\n\t- The relay switches the pump on at six in the ' +
        'morning and off after twenty minutes.\n- [[Seed list]]\n\t- Tomatoes, chillies and basil go into the ' +
        'greenhouse in March.\n',
    );
    writeFileSync(
      path.join(vault, 'Garden/Pump wiring.md'),
      '# Pump wiring\n\nA photo of the breadboard and the parts list.\n\n- 12 V pump\n- relay board\n- fuse holder\n',
    );
    writeFileSync(path.join(vault, 'Garden/Seed list.md'), '# Seed list\n\nOrdered from the catalogue in January.\n');
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
    expect((await service.sync()).failed).toBe(0);
  }, 120_000);

  afterAll(() => {
    service?.close();
    tmp.cleanup();
  });

  it('cites the hub and the note the line describes, streamed as answered', async () => {
    const chat = await createChatService(service, { model: null });
    try {
      let streamed = '';
      const r = await chat.ask('hub-1', 'when does the relay switch the pump on', {
        onToken: (t) => (streamed = t),
      });
      expect(r.answer).toBe(
        'The relay switches the pump on at six in the morning and off after twenty minutes. [1][2]',
      );
      expect(r.sources.map((s) => s.source)).toEqual(['Index.md', 'Garden/Pump wiring.md']);
      // The described note opens at its start: the line is about the note, not a passage of it.
      expect(r.sources[1]!.start_line).toBe(0);
      expect(streamed.trim()).toBe(r.answer);
      const seeds = await chat.ask('hub-2', 'which plants go into the greenhouse', {});
      expect(seeds.sources.map((s) => s.source)).toEqual(['Index.md', 'Garden/Seed list.md']);
      expect(seeds.answer).toMatch(/greenhouse in March\. \[1\]\[2\]$/);
    } finally {
      await chat.close();
    }
  }, 120_000);
});
