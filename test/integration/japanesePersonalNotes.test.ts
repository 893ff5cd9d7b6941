import { describe, expect, it } from 'vitest';
import { personalVault } from '../helpers/fixtures.js';
import { useIndexedVault } from '../helpers/indexedSampleVault.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { notInNotesFor } from '../../src/agent/language.js';

/**
 * A personal vault written in Japanese (eval/vaults/personal-ja), asked what its owner would ask, through the whole agent (no chat model) on a
 * real index with the embedder the app gives a Japanese vault (E5). Japanese marks no name with a capital and ICU
 * splits a name it does not know into single kanji, so "美雅さんと連絡を取るには" had one key word ("連絡") where two
 * were needed, and "リスボン旅行の予算はいくら？" shared only "予算" with the note "リスボン旅行"'s budget line: both
 * were "not in your notes". Now a name split into kanji is one key word, and a run of the sentence's note title counts
 * beside a word the sentence shares itself (questionKeyWords, sharedDistinctiveKeyWords in src/agent/relevance.ts).
 */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);

describe('a personal vault in Japanese', () => {
  // The embedder the app gives a vault in this language.
  const service = useIndexedVault('obq-ja-personal-', personalVault('ja'), {
    embeddingModel: 'multilingual-e5-small-int8',
  });

  it("answers what the trip's note says of it, though the line writes only its own word", async () => {
    const r = await askOnDay(service(), 'リスボン旅行の予算はいくら？', TODAY);
    expect(r.answer).toMatch(/^予算：二人で1,800ユーロ/);
    expect(r.sources.map((s) => s.source)).toContain('プロジェクト/リスボン旅行.md');
  }, 120_000);

  // The lodging line shares only the kanji of the question's verb (泊まる / 宿泊), in its label (verbKanjiInLabel).
  it('answers where the trip stays from the line whose label names it', async () => {
    const r = await askOnDay(service(), 'リスボンではどこに泊まる？', TODAY);
    expect(r.answer).toMatch(/^宿泊：アルファマ地区の小さなアパート/);
    expect(r.sources.map((s) => s.source)).toContain('プロジェクト/リスボン旅行.md');
  }, 120_000);

  it('answers what a person’s note says of them, called by a name ICU does not know', async () => {
    const r = await askOnDay(service(), '美雅さんと連絡を取るにはどうすればいい？', TODAY);
    expect(r.answer).toMatch(/Slackが一番/);
    expect(r.sources.map((s) => s.source)).toContain('人物/陳美雅.md');
  }, 120_000);

  it('answers with the sentence closest in meaning, though E5 puts every line of the note about as close', async () => {
    // "ボーダーコリーの犬を飼っていて、名前はピクセル" is the closest of the note's lines, just under E5's gate.
    const r = await askOnDay(service(), '美雅さんの犬の名前は？', TODAY);
    expect(r.answer).toMatch(/名前はピクセル/);
    expect(r.sources.map((s) => s.source)).toContain('人物/陳美雅.md');
  }, 120_000);

  it("answers from a short sentence of the person's note holding the question's word", async () => {
    // "奥さんは由美さん。" is eight characters (shortStatement), and shares "奥" with the question in 田中健's note.
    const r = await askOnDay(service(), '田中さんの奥さんの名前は？', TODAY);
    expect(r.answer).toMatch(/^奥さんは由美さん。/);
    expect(r.sources.map((s) => s.source)).toContain('人物/田中健.md');
  }, 120_000);

  it('still refuses what the notes do not say of the trip or the person', async () => {
    for (const q of ['リスボンの天気はどう？', '美雅さんの給料はいくら？']) {
      const r = await askOnDay(service(), q, TODAY);
      expect(r.answer, q).toBe(notInNotesFor(q));
    }
  }, 120_000);
});
