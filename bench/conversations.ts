/**
 * Two-turn conversations (eval/conversations.jsonl): is the follow-up ("how much will it cost", "それは有料ですか")
 * answered from a note that answers it? Each conversation runs in a fresh thread through the real chat service with the
 * bundled model, on the index `npm run eval` builds for its vault under --data-root. A hit: the follow-up's answer is
 * not a refusal and cites a note in `rel`. Written while making follow-ups work in every language (README,
 * "Follow-ups"): 14 conversations, a tuning part. `--file eval/conversations.test.jsonl` runs the 17 of the test part
 * (written before the first change they measured; report them, do not tune on them).
 *
 *   node --import tsx bench/conversations.ts --data-root DIR [--file eval/conversations.jsonl]
 */
import { readFileSync } from 'node:fs';
import { openEvalIndex } from '../src/services/evalIndex.js';
import { createChatService } from '../src/agent/chatService.js';
import { loadChatModel } from '../src/models/chatModel.js';
import { isNotInNotesAnswer } from '../src/agent/language.js';
import { option } from './lib/args.js';
import { median, percentile } from './lib/stats.js';

interface Conversation {
  vault: string;
  turns: [string, string];
  rel: string[];
}

const dataRoot = option('--data-root');
if (!dataRoot) throw new Error('usage: conversations.ts --data-root DIR [--file FILE.jsonl]');
const conversations = readFileSync(option('--file') ?? 'eval/conversations.jsonl', 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Conversation);
const model = await loadChatModel();
let hits = 0;
let refused = 0;
// The follow-up's whole wait and its model calls: what a person waits for in a conversation's second turn.
const waits: number[] = [];
let modelCalls = 0;
for (const [i, c] of conversations.entries()) {
  const { service } = await openEvalIndex(dataRoot, c.vault);
  await service.sync();
  const chat = await createChatService(service, { model });
  try {
    const thread = `bench-conversation-${Date.now()}-${i}`;
    await chat.ask(thread, c.turns[0]);
    const r = await chat.ask(thread, c.turns[1]);
    waits.push(r.timings.total_ms);
    modelCalls += r.timings.model_calls;
    const cited = r.sources.map((s) => s.source);
    const refusal = isNotInNotesAnswer(r.answer);
    const hit = !refusal && cited.some((s) => c.rel.includes(s));
    hits += hit ? 1 : 0;
    refused += refusal ? 1 : 0;
    console.log(
      `${hit ? 'HIT ' : refusal ? 'REF ' : 'MISS'} ${c.turns[0]} → ${c.turns[1]}\n     ${r.answer.slice(0, 140)} (${cited.join(', ')})`,
    );
  } finally {
    await chat.close();
    service.close();
  }
}
console.log(`follow-ups answered from a right note: ${hits}/${conversations.length}, refused ${refused}`);
console.log(
  `follow-up wait median ${Math.round(median(waits))} ms, p95 ${Math.round(percentile(waits, 95))} ms; model calls ${modelCalls}`,
);
await model.dispose();
