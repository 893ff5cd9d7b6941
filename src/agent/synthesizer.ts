import type { ChatModel, ChatTurn, GenerateOptions } from '../models/chatModel.js';
import type { Embedder } from '../models/embedder.js';
import { cosine } from '../models/embedder.js';
import type { SearchResult } from '../search/similaritySearch.js';
import { SYNTHESIZER_PROMPT } from './prompts.js';

export interface Synthesis {
  answer: string;
  /** 1-based note numbers the answer cites. */
  cited: number[];
  /** How the answer was made: the model's text (verified), or sentences lifted from the notes. */
  method: 'generated' | 'extractive';
  notInNotes: boolean;
}

const NOT_IN_NOTES = /notes (don't|do not|doesn't|does not) (say|contain|mention)|not (in|found in) (your|the) notes/i;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2);
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
/** Sentences, never spanning a line break (lines are separate blocks after plainText). */
export function splitSentences(text: string): string[] {
  return text.split('\n').flatMap((line) => [...segmenter.segment(line)].map((s) => s.segment.trim()).filter(Boolean));
}

/**
 * Plain text of a chunk for quoting: markdown noise (callout markers, link brackets, emphasis) removed and
 * headings dropped (the heading path is shown with the source). Blocks stay on separate lines so a heading or
 * list item never fuses into the next sentence.
 */
export function plainText(markdown: string): string {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n?/, '');
  const blocks: string[] = [];
  let current: string[] = [];
  let inQuote = false;
  const flush = () => {
    if (current.length) blocks.push(current.join(' '));
    current = [];
  };
  for (const raw of body.split('\n')) {
    if (!raw.trim() || /^\s*#{1,6}\s/.test(raw) || /^\s*(```|~~~)/.test(raw)) {
      flush();
      continue;
    }
    // A list item or a quote line starts its own block; a plain soft-wrapped line continues the paragraph.
    const item = /^\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/.exec(raw);
    const quote = /^\s*>/.test(raw);
    if (item || quote !== inQuote) flush();
    inQuote = quote;
    current.push(
      raw
        .slice(item ? item[0].length : 0)
        .replace(/^\s*(?:>\s?)*/, '')
        .trim(),
    );
    // A callout's title line ("> [!info] Info") is a heading of sorts: never fused with its body.
    if (/\[![\w-]+\]/.test(raw)) flush();
  }
  flush();
  return blocks
    .map((b) =>
      b
        .replace(/\[![\w-]+\][-+]?\s*/g, '')
        .replace(
          /!?\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|([^\]]+))?\]\]/g,
          (_m, target: string, alias?: string) => alias ?? target,
        )
        .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
        .replace(/`([^`\n]+)`/g, '$1')
        // Emphasis only where it is markup: markers hugging a word at word boundaries (file_name stays intact).
        .replace(/(^|[\s(])(\*{1,3}|_{1,3})(?=\S)([^*_\n]*?\S)\2(?=$|[\s).,;:!?])/g, '$1$3')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
    .join('\n');
}

/**
 * Keeps only sentences the notes support: each must share most of its content words with the note it cites
 * (or with some note, which it then cites). This is what makes a small model's answer trustworthy: anything
 * it made up is dropped instead of shown with a citation it does not deserve.
 */
export function verifyAnswer(answer: string, chunks: SearchResult[]): { text: string; cited: number[] } {
  const chunkWords = chunks.map((c) => new Set(words(`${c.title} ${c.header_path} ${c.page_content}`)));
  const kept: string[] = [];
  const cited = new Set<number>();
  for (const sentence of splitSentences(answer.replace(/[ \t]+/g, ' '))) {
    const body = sentence.replace(/\[(\d+)\]/g, '').trim();
    const w = words(body);
    if (w.length === 0) continue;
    const claimed = [...sentence.matchAll(/\[(\d+)\]/g)]
      .map((m) => Number(m[1]))
      .filter((n) => n >= 1 && n <= chunks.length);
    const support = (i: number) => w.filter((x) => chunkWords[i]!.has(x)).length / w.length;
    let best = -1;
    let bestScore = 0;
    for (const n of claimed) if (support(n - 1) > bestScore) [best, bestScore] = [n, support(n - 1)];
    if (bestScore < 0.6) {
      chunks.forEach((_, i) => {
        const s = support(i);
        if (s > bestScore) [best, bestScore] = [i + 1, s];
      });
    }
    if (bestScore < 0.6 || best < 1) continue;
    kept.push(`${body.replace(/\s+([.,;:!?])/g, '$1')} [${best}]`);
    cited.add(best);
  }
  return { text: kept.join(' '), cited: [...cited].sort((a, b) => a - b) };
}

interface Candidate {
  text: string;
  n: number;
  generated: boolean;
}

/**
 * Picks the answer sentences: the model's verified sentences compete with sentences lifted from the top
 * notes, ranked by closeness to the question (dense similarity plus exact-word overlap, since numbers and
 * names matter in answers). A strong model's answer wins on relevance; a weak model's rambling loses to
 * the notes' own words. Either way every sentence is grounded and cited.
 */
export async function selectAnswerSentences(
  query: string,
  chunks: SearchResult[],
  draftSentences: Candidate[],
  embedder: Embedder,
  maxSentences = 2,
): Promise<{ text: string; cited: number[]; generated: boolean }> {
  const candidates: Candidate[] = draftSentences.filter((c) => c.text.length >= 15 && c.text.length <= 300);
  chunks.slice(0, 4).forEach((c, i) => {
    for (const sentence of splitSentences(plainText(c.page_content))) {
      if (sentence.length >= 20 && sentence.length <= 300)
        candidates.push({ text: sentence, n: i + 1, generated: false });
    }
  });
  if (candidates.length === 0) return { text: '', cited: [], generated: false };
  const [q] = await embedder.embed([query], { kind: 'query' });
  const vecs = await embedder.embed(candidates.map((c) => c.text));
  const qWords = new Set(words(query));
  const scored = candidates.map((c, i) => {
    const cw = words(c.text);
    const overlap = cw.filter((w) => qWords.has(w)).length / Math.max(qWords.size, 1);
    return { ...c, vec: vecs[i]!, score: cosine(q!, vecs[i]!) + 0.25 * overlap - 0.02 * (c.n - 1) };
  });
  scored.sort((a, b) => b.score - a.score);
  const picked: typeof scored = [];
  for (const c of scored) {
    if (picked.length >= maxSentences) break;
    // Skip near-duplicates (a generated sentence that copies a note sentence, or a repeated line).
    if (picked.some((p) => cosine(p.vec, c.vec) > 0.9)) continue;
    // A second sentence must still be about the question, not just the best of the rest.
    if (picked.length > 0 && c.score < picked[0]!.score * 0.75) break;
    picked.push(c);
  }
  return {
    text: picked.map((p) => `${p.text.replace(/\s*\[\d+\]\s*$/, '')} [${p.n}]`).join(' '),
    cited: [...new Set(picked.map((p) => p.n))].sort((a, b) => a - b),
    generated: picked.some((p) => p.generated),
  };
}

export function formatNotes(chunks: SearchResult[], maxChars = 900): string {
  return chunks
    .map(
      (c, i) =>
        `[${i + 1}] ${c.title}${c.header_path ? ` › ${c.header_path}` : ''}\n${plainText(c.page_content).slice(0, maxChars)}`,
    )
    .join('\n\n');
}

/**
 * Step 3 of retrieve_notes_tool: a concise answer strictly from the retrieved chunks, cited with [n]. The
 * model's draft is never shown: a small model's unverified sentences flashing up and then vanishing would
 * show the user claims their notes don't make. When the draft keeps nothing (small models often ramble),
 * the answer is extracted from the notes instead, so it is never ungrounded.
 */
export async function synthesize(
  model: ChatModel | null,
  embedder: Embedder,
  input: { query: string; chunks: SearchResult[]; recent: ChatTurn[] },
  opts: GenerateOptions = {},
): Promise<Synthesis> {
  if (input.chunks.length === 0) return { answer: '', cited: [], method: 'extractive', notInNotes: true };
  let draft = '';
  if (model) {
    const context = input.recent.length
      ? `Conversation so far:\n${input.recent.map((t) => `${t.role}: ${t.content.slice(0, 200)}`).join('\n')}\n\n`
      : '';
    draft = await model.complete(
      [
        { role: 'system', content: SYNTHESIZER_PROMPT },
        { role: 'user', content: `${context}Notes:\n${formatNotes(input.chunks)}\n\nQuestion: ${input.query}` },
      ],
      { maxTokens: opts.maxTokens ?? 160, ...opts, onToken: undefined },
    );
  }
  if (NOT_IN_NOTES.test(draft) && input.chunks.every((c) => (c.dense_score ?? 0) < 0.45)) {
    return { answer: '', cited: [], method: 'generated', notInNotes: true };
  }
  const verified = verifyAnswer(draft, input.chunks);
  const draftSentences = splitSentences(verified.text).map((sentence) => {
    const n = Number(/\[(\d+)\]\s*$/.exec(sentence)?.[1] ?? 0);
    return { text: sentence, n, generated: true };
  });
  const chosen = await selectAnswerSentences(
    input.query,
    input.chunks,
    draftSentences.filter((d) => d.n > 0),
    embedder,
  );
  return {
    answer: chosen.text,
    cited: chosen.cited,
    method: chosen.generated ? 'generated' : 'extractive',
    notInNotes: chosen.text === '',
  };
}
