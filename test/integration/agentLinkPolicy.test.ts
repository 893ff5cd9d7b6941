import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { runCli, tempDir, useFastEmbedder, writeNotes } from '../helpers/fixtures.js';
import { createChatService } from '../../src/agent/chatService.js';
import { VaultService } from '../../src/services/vaultService.js';
import { saveSettings } from '../../src/services/settings.js';

/*
 * The agent cites only what the link policy lets the app show (src/pipeline/linkPolicy.ts): a note linked in
 * from outside the vault, indexed while the policy was on, must not reach an answer once the policy is off,
 * even before the next sync drops it. No chat model: the agent's retrieval and extractive answer are the
 * path under test, and they are the same with any model.
 */
useFastEmbedder();

describe('the agent follows the link policy', () => {
  const tmp = tempDir('obq-agent-links-');
  const vault = path.join(tmp.dir, 'vault');
  const data = path.join(tmp.dir, 'data');
  const home = path.join(tmp.dir, 'home');
  let service: VaultService;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = home;
    writeNotes(vault, { 'Inside.md': '# Inside\n\nThe periwinkle lighthouse keeper logs every passing ship.\n' });
    writeNotes(path.join(tmp.dir, 'outside'), {
      'Secret.md': '# Secret\n\nThe quokka marmalade password is hidden under the blue doormat.\n',
    });
    symlinkSync(path.join(tmp.dir, 'outside', 'Secret.md'), path.join(vault, 'escape.md'));
    const sync = await runCli(['sync', '--vault', vault, '--data', data, '--json', '--follow-external-links'], {
      home,
    });
    expect(sync.code, sync.stderr).toBe(0);
    service = await VaultService.open({ vault, dataDir: data });
  }, 180_000);

  afterAll(() => {
    service?.close();
    tmp.cleanup();
  });

  const ask = async (question: string) => {
    const chat = await createChatService(service, { model: null });
    try {
      return await chat.ask(`t-${Math.random()}`, question);
    } finally {
      await chat.close();
    }
  };

  it('cites the linked note while the policy follows links, and never once it is turned off', async () => {
    const on = await ask('Where is the quokka marmalade password hidden?');
    expect(on.sources.map((s) => s.source)).toContain('escape.md');

    // Turned off, no sync since: the index still holds the outside text, the agent must not use it.
    saveSettings(data, { followExternalLinks: false });
    const off = await ask('Where is the quokka marmalade password hidden?');
    expect(off.sources.map((s) => s.source)).not.toContain('escape.md');
    expect(off.answer).not.toMatch(/doormat/);
  }, 120_000);
});
