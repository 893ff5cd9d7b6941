import { describe, expect, it } from 'vitest';
import { synthesize } from '../../src/agent/synthesizer.js';
import type { ChatModel, ChatTurn, GenerateOptions } from '../../src/models/chatModel.js';
import { withFallback } from '../../src/models/fallbackChat.js';
import type { SearchResult } from '../../src/search/similaritySearch.js';
import { searchResult, useBundledEmbedder } from '../helpers/answerParts.js';
import { ScriptedModel } from '../helpers/scriptedModel.js';

/**
 * An endpoint that fails mid-stream hands the answer to the bundled model, which streams its draft from the
 * start. The partial text the endpoint had streamed must be dropped (onRestart), never joined to the new draft:
 * the joined text read "…runs every The irrigation pump runs every morning…" and could pass the grounding check
 * word for word. The endpoint here is a double that streams a few tokens and fails (the cut stream over real
 * HTTP is covered in test/integration/chatEndpoint.test.ts); the synthesizer and the embedder are real.
 */

const chunk = (source: string, text: string, n: number): SearchResult =>
  searchResult(source, text, { chunk_id: `chunk-${n}`, rank: n, end_line: 3, score: 0.8, dense_score: 0.8 });

const chunks = [
  chunk('Irrigation pump.md', 'The irrigation pump runs every morning at six and waters the tomato beds.', 1),
  chunk('Timer.md', 'The timer battery lasts about two years and is replaced every spring.', 2),
];

/** An endpoint model that streams `partial` token by token, then loses its connection. */
function cutEndpoint(partial: string): ChatModel & { host: string; streamed: string[] } {
  const streamed: string[] = [];
  return {
    modelId: 'endpoint',
    threads: 1,
    host: '127.0.0.1:1',
    streamed,
    async complete(_turns: ChatTurn[], o: GenerateOptions = {}) {
      for (const t of partial.match(/\S+\s*/g) ?? []) {
        streamed.push(t);
        o.onToken?.(t);
      }
      throw new Error('127.0.0.1:1 closed the stream');
    },
    async completeJson() {
      throw new Error('127.0.0.1:1 closed the stream');
    },
    async dispose() {},
  };
}

describe('fallback after a stream cut mid-draft', () => {
  const embedder = useBundledEmbedder();

  const draft = 'The irrigation pump runs every morning at six [1].';
  const question = { query: 'When does the irrigation pump run?', chunks, recent: [] };

  it('tells the caller to restart, once, only when something was streamed', async () => {
    const endpoint = cutEndpoint('The irrigation pump runs every ');
    const m = withFallback(endpoint, async () => new ScriptedModel({ text: [draft] }));
    const notices: string[] = [];
    m.onNotice = (n) => notices.push(n);
    let text = '';
    let restarts = 0;
    const out = await m.complete([{ role: 'user', content: question.query }], {
      onToken: (t) => (text += t),
      onRestart: () => {
        restarts++;
        text = '';
      },
    });
    expect(endpoint.streamed.length).toBeGreaterThan(0);
    expect(restarts).toBe(1);
    expect(out).toBe(draft);
    expect(text).toBe(draft);
    expect(notices[0]).toMatch(/closed the stream.*bundled model answered/);

    // An endpoint that fails before its first token has nothing to take back.
    const silent = withFallback(cutEndpoint(''), async () => new ScriptedModel({ text: [draft] }));
    let silentRestarts = 0;
    await silent.complete([{ role: 'user', content: question.query }], { onRestart: () => silentRestarts++ });
    expect(silentRestarts).toBe(0);
  });

  it('the answer is the one the bundled model gives alone: the partial draft is not joined to it', async () => {
    const alone = await synthesize(new ScriptedModel({ text: [draft] }), embedder(), question);
    const streamed: string[] = [];
    const m = withFallback(cutEndpoint('The irrigation pump runs every '), async () => {
      return new ScriptedModel({ text: [draft] });
    });
    const viaFallback = await synthesize(m, embedder(), question, { onSentence: (s) => streamed.push(s) });
    expect(viaFallback).toEqual(alone);
    expect(viaFallback.method).toBe('generated');
    expect(viaFallback.answer).not.toMatch(/every The|every\s+The irrigation/);
    expect(streamed.join('')).toBe(viaFallback.answer);
  });
});
