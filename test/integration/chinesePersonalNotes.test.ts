import { describe, expect, it } from 'vitest';
import { personalVault } from '../helpers/fixtures.js';
import { useIndexedVault } from '../helpers/indexedSampleVault.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { notInNotesFor } from '../../src/agent/language.js';

/**
 * A personal vault written in Chinese (eval/vaults/personal-zh), asked what its owner would ask, through the whole
 * agent (no chat model) on a real index with the embedder the app gives a Chinese vault (E5). "我们在里斯本住哪里？"
 * was "not in your notes": its key words were "我们" (a pronoun) and "里斯本", the lodging line "住宿：阿尔法玛区的一间
 * 小公寓…" shares neither in its own text, and E5 puts it below the line about Tom, who "住在14号" (twenty-fifth
 * session: pronouns are no key words, a verb's character counts in a line's label, and a line sharing every key
 * word needs no more meaning than the closest line does).
 */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);

describe('a personal vault in Chinese', () => {
  const service = useIndexedVault('obq-zh-personal-', personalVault('zh'), {
    embeddingModel: 'multilingual-e5-small-int8',
  });

  it('answers where the trip stays from the line whose label names it', async () => {
    const r = await askOnDay(service(), '我们在里斯本住哪里？', TODAY);
    expect(r.answer).toMatch(/^住宿：阿尔法玛区的一间小公寓/);
    expect(r.sources.map((s) => s.source)).toContain('项目/里斯本旅行.md');
  }, 120_000);

  it("answers what a person does from the line of their note holding the question's verb", async () => {
    // "弹" (plays) is one character, a key word nowhere else; the line is in the note "陈美雅" the question names.
    const r = await askOnDay(service(), '美雅弹什么乐器？', TODAY);
    expect(r.answer).toMatch(/^在一个叫 Lowercase Letters 的乐队弹贝斯/);
    expect(r.sources.map((s) => s.source)).toContain('人物/陈美雅.md');
    // Not where another person lives: "住在14号" is in Tom's note, not Lena's.
    expect((await askOnDay(service(), '丽娜住几号？', TODAY)).answer).toBe(notInNotesFor('丽娜住几号？'));
  }, 120_000);

  it('still refuses what the notes do not say of the trip', async () => {
    // "我的血型是什么？" was answered with "职位：…，在我的团队（新用户引导）", which shares only "我的" (my).
    for (const q of ['里斯本的天气怎么样？', '我们在里斯本吃什么？', '我的血型是什么？']) {
      const r = await askOnDay(service(), q, TODAY);
      expect(r.answer, q).toBe(notInNotesFor(q));
    }
  }, 120_000);
});
