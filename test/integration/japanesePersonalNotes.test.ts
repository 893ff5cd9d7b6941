import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/fixtures.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { VaultService } from '../../src/services/vaultService.js';
import { notInNotesFor } from '../../src/agent/language.js';

/**
 * A personal vault written in Japanese, asked what its owner would ask, through the whole agent (no chat model) on a
 * real index with the embedder the app gives a Japanese vault (E5). Japanese marks no name with a capital and ICU
 * splits a name it does not know into single kanji, so "美雅さんと連絡を取るには" had one key word ("連絡") where two
 * were needed, and "リスボン旅行の予算はいくら？" shared only "予算" with the note "リスボン旅行"'s budget line: both
 * were "not in your notes". Now a name split into kanji is one key word, and a run of the sentence's note title counts
 * beside a word the sentence shares itself (questionKeyWords, sharedDistinctiveKeyWords in src/agent/relevance.ts).
 */
const NOTES: Record<string, string> = {
  '人物/陳美雅.md': [
    '---\naliases: [美雅さん]\n---\n# 陳美雅\n',
    '- **役職：** ノースウィンド・ラボのシニアプロダクトデザイナー。オンボーディングチームで一緒に働いている',
    '- **勤務地：** ロッテルダムのオフィス。月曜と金曜はリモート',
    '- **連絡方法：** Slackが一番。10時前の会議は避ける',
    '\n## 覚えておくこと\n',
    '- ベジタリアンで、韓国料理が大好き',
    '- ボーダーコリーの犬を飼っていて、名前はピクセル',
  ].join('\n'),
  'プロジェクト/リスボン旅行.md': [
    '# リスボン旅行\n\n妹の玲奈と行く春休みの旅行。11月12日に航空券を予約した。\n\n## 基本情報\n',
    '- 日程：2027年4月9日〜4月16日（7泊）',
    '- 宿泊：アルファマ地区の小さなアパート。チェックインは15時以降',
    '- 予算：二人で1,800ユーロ（航空券を除く）',
  ].join('\n'),
  '健康.md':
    '# 健康\n\n## 予約\n\n- **歯医者：** 12月3日 9時15分に定期検診とクリーニング\n\n## 睡眠\n\n- 23時までに寝て、7.5時間眠る\n',
  'プロジェクト/庭の水やり.md': '# 庭の水やり\n\n家庭菜園の自動水やりシステム。\n\n- ポンプは毎朝6時半に12分間動く\n',
};
const TODAY = new Date(2026, 10, 25, 10, 0, 0);

describe('a personal vault in Japanese', () => {
  const tmp = tempDir('obq-ja-personal-');
  let service: VaultService;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    // The embedder a Japanese vault gets, named so that a suite-wide fast-model switch does not apply here.
    process.env.OBSIQUERY_EMBEDDING_MODEL = 'multilingual-e5-small-int8';
    const vault = path.join(tmp.dir, 'vault');
    for (const [rel, text] of Object.entries(NOTES)) {
      mkdirSync(path.dirname(path.join(vault, rel)), { recursive: true });
      writeFileSync(path.join(vault, rel), text);
    }
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
    expect((await service.sync()).failed).toBe(0);
  }, 600_000);

  afterAll(() => {
    service?.close();
    delete process.env.OBSIQUERY_EMBEDDING_MODEL;
    tmp.cleanup();
  });

  it("answers what the trip's note says of it, though the line writes only its own word", async () => {
    const r = await askOnDay(service, 'リスボン旅行の予算はいくら？', TODAY);
    expect(r.answer).toMatch(/^予算：二人で1,800ユーロ/);
    expect(r.sources.map((s) => s.source)).toContain('プロジェクト/リスボン旅行.md');
  }, 120_000);

  it('answers what a person’s note says of them, called by a name ICU does not know', async () => {
    const r = await askOnDay(service, '美雅さんと連絡を取るにはどうすればいい？', TODAY);
    expect(r.answer).toMatch(/Slackが一番/);
    expect(r.sources.map((s) => s.source)).toContain('人物/陳美雅.md');
  }, 120_000);

  it('still refuses what the notes do not say of the trip or the person', async () => {
    for (const q of ['リスボンの天気はどう？', '美雅さんの給料はいくら？']) {
      const r = await askOnDay(service, q, TODAY);
      expect(r.answer, q).toBe(notInNotesFor(q));
    }
  }, 120_000);
});
