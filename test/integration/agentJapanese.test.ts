import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { copyVault, repoRoot, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { createChatService } from '../../src/agent/chatService.js';
import { loadChatModel, type ChatModel } from '../../src/models/chatModel.js';
import { detectLanguage } from '../../src/text/language.js';

/**
 * Issue 18: a Japanese question against a Japanese vault gets a Japanese answer citing the right note, with the
 * bundled chat model (gemma 270M, temperature 0, one thread as in agent.test.ts) over a real index. The vault is
 * the small Japanese fixture (test/fixtures/multilingual/ja); it indexes with the small bundled embedder, so
 * finding the note rests on BM25 segmenting Japanese, and the test is about the agent's language path.
 * ("Not in your notes" in Japanese is covered with a scripted model in agentGraph.test.ts: with an English
 * embedder every Japanese text looks alike to dense search, so an unrelated question still finds "sources".)
 */
useFastEmbedder();

const citations = (answer: string) => [...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));

describe('agent in Japanese with the bundled model', () => {
  const tmp = tempDir('obq-agent-ja-');
  let service: VaultService;
  let chat: Awaited<ReturnType<typeof createChatService>>;
  let model: ChatModel;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const vault = copyVault(path.join(repoRoot, 'test/fixtures/multilingual/ja/vault'), tmp.dir);
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
    expect((await service.sync()).failed).toBe(0);
    model = await loadChatModel({ threads: 1 });
    chat = await createChatService(service, { model });
  }, 600_000);

  afterAll(async () => {
    await chat?.close();
    service?.close();
    await model?.dispose();
    tmp.cleanup();
  });

  it('answers a Japanese question in Japanese, citing the note that holds the answer', async () => {
    const r = await chat.ask('ja1', '水やりポンプは毎朝何時に動きますか？');
    expect(r.stopped).toBe(false);
    expect(detectLanguage(r.answer.replace(/\[\d+\]/g, '')).lang).toBe('ja');
    expect(r.answer).toMatch(/6時/);
    const cited = citations(r.answer).map((n) => r.sources.find((s) => s.n === n)?.source);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited).toContain('プロジェクト/家庭菜園の自動水やり.md');
    // Every citation points at a listed source.
    expect(cited.every((s) => s !== undefined)).toBe(true);
  }, 300_000);

  it('greets back in Japanese', async () => {
    const r = await chat.ask('ja3', 'こんにちは');
    expect(r.sources).toEqual([]);
    expect(detectLanguage(r.answer).lang).toBe('ja');
  }, 300_000);
});
