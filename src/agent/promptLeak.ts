import { words } from '../text/segment.js';
import {
  FILTER_AGENT_PROMPT,
  FINAL_ANSWER_PROMPT,
  JUDGE_PROMPT,
  MAIN_AGENT_PROMPT,
  RECAP_PROMPT,
  SYNTHESIZER_PROMPT,
} from './prompts.js';

/**
 * Prompt text that must never reach an answer: chat-role markers ("user: …"), the prompt's own headings
 * ("Question: …", "Notes:"), the note headers the prompt writes ("[1] Title › Section") and the instructions
 * themselves. A small model copies all of these, and a copied line can still look "grounded" (its words are in
 * the prompt's notes), so the grounding check alone does not stop it. Checked per sentence, for every provider.
 */

/** A chat role or a chat template's turn marker at the start of a sentence, in any casing. */
const ROLE_PREFIX = /^\s*[*_#>\s]*(user|assistant|system|model|human|ai|bot|obsiquery)\s*[:：]/i;
/** Chat-template tokens (Gemma, ChatML, Llama) that only a prompt contains. */
const TEMPLATE_TOKEN = /<\/?(start_of_turn|end_of_turn|bos|eos|s)>|<\|[a-z_]+\|>|\[\/?INST\]/i;
/** The headings the prompts put before their parts. */
const PROMPT_HEADING =
  /^\s*[*_#>\s]*(question|notes|conversation( so far)?|summaries|summary|context|instructions?|query|answer the question)\s*[:：]/i;
/** The note header the synthesizer prompt writes before each note ("[2] Sync › Settings"). */
const NOTE_HEADER = /\[\d+\][^.!?。]*\s›\s/;

/** Instructions as word 5-grams: a sentence that repeats five words of an instruction in a row is copying it. */
const INSTRUCTION_SHINGLES = new Set(
  [SYNTHESIZER_PROMPT, MAIN_AGENT_PROMPT, FINAL_ANSWER_PROMPT, RECAP_PROMPT, JUDGE_PROMPT, FILTER_AGENT_PROMPT]
    // The small-talk prompt (graph.ts) too.
    .concat(["You are ObsiQuery, a friendly assistant for the user's Obsidian notes. Reply briefly."])
    // The refusal the synthesizer prompt asks for ("Your notes don't say.") is an answer, not a leak.
    .flatMap((p) => shingles(words(p.replace(/"[^"]*"/g, ' | ')))),
);

function shingles(ws: string[], n = 5): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= ws.length; i++) out.push(ws.slice(i, i + n).join(' '));
  return out;
}

export type LeakKind = 'role' | 'template' | 'heading' | 'note-header' | 'instruction' | 'question-echo';

/**
 * Why `sentence` is prompt text, or null if it is not. `question` (optional) catches the question echoed back
 * word for word, which answers nothing.
 */
export function promptLeak(sentence: string, question = ''): LeakKind | null {
  const s = sentence.replace(/\[\d+\]\s*$/, '').trim();
  if (!s) return null;
  if (TEMPLATE_TOKEN.test(s)) return 'template';
  if (ROLE_PREFIX.test(s)) return 'role';
  if (PROMPT_HEADING.test(s)) return 'heading';
  if (NOTE_HEADER.test(s)) return 'note-header';
  const ws = words(s);
  if (shingles(ws).some((g) => INSTRUCTION_SHINGLES.has(g))) return 'instruction';
  if (question) {
    const q = words(question).join(' ');
    if (q && ws.join(' ') === q) return 'question-echo';
  }
  return null;
}

/** The first leaking sentence of an answer (for the eval), or null. */
export function answerLeak(
  answer: string,
  question = '',
  split: (t: string) => string[] = (t) => t.split(/(?<=[.!?。！？])\s+|\n/),
): { sentence: string; kind: LeakKind } | null {
  for (const sentence of split(answer)) {
    const kind = promptLeak(sentence, question);
    if (kind) return { sentence, kind };
  }
  return null;
}
