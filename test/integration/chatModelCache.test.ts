import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChatModel, type ChatModel, type ChatTurn } from '../../src/models/chatModel.js';
import { DECISION_SCHEMA } from '../../src/agent/graph.js';
import { MAIN_AGENT_PROMPT } from '../../src/agent/prompts.js';

/**
 * The bundled model keeps one context sequence for the process, so a prompt that starts like the previous one
 * evaluates only the part that differs (node-llama-cpp reuses the KV cache of the common prefix). Prompt
 * evaluation is most of a CPU model's time to first token, so the main agent's decision, whose system prompt
 * is the same for every question, must not pay for it again. Counted in evaluated prompt tokens, not seconds,
 * so the test holds on a loaded machine.
 */
describe('KV-cache reuse of a shared prompt prefix (bundled model)', () => {
  let model: ChatModel;
  beforeAll(async () => {
    model = await loadChatModel({ threads: 1 });
  }, 120_000);
  afterAll(async () => {
    await model?.dispose();
  });

  /** Prompt tokens a call evaluates. */
  async function evaluated(call: () => Promise<unknown>): Promise<number> {
    const before = model.evaluatedTokens!();
    await call();
    return model.evaluatedTokens!() - before;
  }
  const decide = (question: string): ChatTurn[] => [
    { role: 'system', content: MAIN_AGENT_PROMPT },
    { role: 'user', content: `User: ${question}` },
  ];
  const evict = () => model.complete([{ role: 'user', content: 'Name a colour.' }], { maxTokens: 1 });

  it("the decision's system prompt is evaluated once, then reused by the next question", async () => {
    await evict();
    const cold = await evaluated(() =>
      model.completeJson(decide('How do I pin a note?'), DECISION_SCHEMA, { maxTokens: 40 }),
    );
    const warm = await evaluated(() =>
      model.completeJson(decide('Where are my daily notes stored?'), DECISION_SCHEMA, { maxTokens: 40 }),
    );
    await evict();
    const again = await evaluated(() =>
      model.completeJson(decide('Where are my daily notes stored?'), DECISION_SCHEMA, { maxTokens: 40 }),
    );
    // The system prompt alone is well over a hundred tokens; the second question adds about a dozen.
    expect(cold).toBeGreaterThan(150);
    expect(again).toBeGreaterThan(150);
    expect(warm).toBeLessThan(30);
    expect(warm).toBeLessThan(again / 5);
  }, 300_000);
});
