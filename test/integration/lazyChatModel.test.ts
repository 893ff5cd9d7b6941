import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFastEmbedder } from '../helpers/fixtures.js';
import { syncedNotes } from '../helpers/syncedNotes.js';
import type { VaultService } from '../../src/services/vaultService.js';
import { chatModelLoaded, createChatService, sharedChatModel } from '../../src/agent/chatService.js';
import { isNotInNotesAnswer } from '../../src/agent/language.js';

/**
 * The local chat model is loaded by the first call that needs it, not with the chat service. With the bundled model a
 * plain question makes no model call (no draft, decision or judge), and `obsiquery ask` used to wait for
 * node-llama-cpp to load and warm it first: 7.2 s of a 15 s cold answer on the help vault. A question that does need
 * the model (one naming a folder gets the decision call) loads it then, and its answer is the same as before.
 */
describe('the chat model is loaded when a call needs it', () => {
  let service: VaultService;
  let close = () => {};

  beforeAll(async () => {
    useFastEmbedder();
    ({ service, close } = await syncedNotes({
      'Projects/Kitchen.md': '# Kitchen\n\nThe new tiles are grey with a matt finish. The cabinets are white oak.',
      'Projects/Garden.md': '# Garden\n\nThe irrigation pump starts at 6:30 every morning.',
      'Areas/Health.md': '# Health\n\nDentist check-up every six months. Running three times a week.',
    }));
  }, 300_000);
  afterAll(() => close());

  it('answers a plain question without loading it, and loads it for a question that needs a model call', async () => {
    const chat = await createChatService(service, { today: () => new Date(2026, 10, 25) });
    try {
      const plain = await chat.ask('t-plain', 'what colour are the kitchen tiles', {});
      expect(isNotInNotesAnswer(plain.answer)).toBe(false);
      expect(plain.sources.map((s) => s.source)).toContain('Projects/Kitchen.md');
      expect(plain.timings.model_calls).toBe(0);
      expect(chatModelLoaded()).toBe(false);

      // Naming a folder sends the question to the main agent's decision: one model call, so the model is loaded.
      const decided = await chat.ask('t-folder', 'in my Projects folder, when does the irrigation pump start', {});
      expect(decided.timings.model_calls).toBeGreaterThan(0);
      expect(chatModelLoaded()).toBe(true);
      // The same answer the model gives when it is loaded up front.
      const eager = await createChatService(service, {
        model: await sharedChatModel(null),
        today: () => new Date(2026, 10, 25),
      });
      try {
        const before = await eager.ask('t-eager', 'in my Projects folder, when does the irrigation pump start', {});
        expect(decided.answer).toBe(before.answer);
      } finally {
        await eager.close();
      }
    } finally {
      await chat.close();
    }
  }, 180_000);
});
