import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { copyVault, corpusOhelp, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { ScriptedModel } from '../helpers/scriptedModel.js';
import { VaultService } from '../../src/services/vaultService.js';
import { createChatService } from '../../src/agent/chatService.js';
import { loadChatModel, type ChatModel } from '../../src/models/chatModel.js';
import { NOT_IN_NOTES_ANSWER } from '../../src/agent/prompts.js';
import { clarifyingQuestion, notInNotesFor } from '../../src/agent/language.js';
import { answerLeak } from '../../src/agent/promptLeak.js';
import { splitSentences } from '../../src/text/sentences.js';
import { unknownNames } from '../../src/agent/relevance.js';
import { unmentioned } from '../../src/agent/unmentioned.js';
import { holdsPhrase, unknownWords } from '../../src/store/sparse.js';

useFastEmbedder();

/**
 * The whole agent on a real index of the Obsidian help vault (173 notes) with the bundled chat model
 * (gemma 270M through node-llama-cpp, temperature 0, fixed seed): retrieval, grounded answers, "not in your
 * notes", conversations that survive a restart, and cancellation.
 *
 * The model is the bundled GGUF with chatModel.ts's defaults (temperature 0, seed 42) except for one thread:
 * on a 2-core machine busy with other work (another test file, say), llama.cpp's two spinning threads ran
 * ~9x slower than one (measured under load: 40 tokens in 64.7 s vs 7.5 s), making runtime a lottery.
 */

type Chat = Awaited<ReturnType<typeof createChatService>>;

/** Citation numbers used in an answer. */
const citations = (answer: string) => [...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));

describe('agent on obsidian-help-en with the bundled model', () => {
  const tmp = tempDir('obq-agent-');
  const dataDir = path.join(tmp.dir, 'data');
  let service: VaultService;
  let chat: Chat;
  let model: ChatModel;
  let firstAnswer: Awaited<ReturnType<Chat['ask']>>;
  let hello: Awaited<ReturnType<Chat['ask']>> | undefined;
  const question = 'How long does file recovery keep snapshots?';

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const vault = copyVault(corpusOhelp, tmp.dir);
    service = await VaultService.open({ vault, dataDir });
    const summary = await service.sync();
    expect(summary.failed).toBe(0);
    model = await loadChatModel({ threads: 1 });
    chat = await createChatService(service, { model });
  }, 900_000);

  afterAll(async () => {
    await chat?.close();
    service?.close();
    await model?.dispose();
    tmp.cleanup();
  });

  it('answers from the right note, with its sources and the search steps', async () => {
    const tokens: string[] = [];
    const order: string[] = [];
    firstAnswer = await chat.ask('t1', question, {
      onToken: (t) => (tokens.push(t), order.push('token')),
      onSources: () => order.push('sources'),
    });
    // The retrieved notes reach the UI before the first answer token.
    expect(order[0]).toBe('sources');
    // A thread's plain first question needs no decision call, and the bundled model writes no draft (its answer
    // is the notes' checked sentences): no model call, or one for the judge of a weak match.
    expect(firstAnswer.timings.model_calls).toBeLessThanOrEqual(1);
    expect(firstAnswer.timings.first_token_ms).toBeGreaterThan(0);
    expect(firstAnswer.timings.first_token_ms!).toBeLessThanOrEqual(firstAnswer.timings.total_ms);
    // What was streamed is exactly the answer: sentences were checked before they were shown, none retracted.
    expect(tokens.join('')).toBe(firstAnswer.answer);

    expect(firstAnswer.stopped).toBe(false);
    expect(firstAnswer.sources.map((s) => s.source)).toContain('Plugins/File recovery.md');
    expect(firstAnswer.answer).toMatch(/7 days/);
    expect(firstAnswer.steps.some((s) => s.startsWith('Searching your notes for'))).toBe(true);
    expect(firstAnswer.steps).toContain('Writing the answer…');
    expect(tokens.length).toBeGreaterThan(0);
    // Every citation points at a listed source, and every listed source is cited.
    const cited = new Set(citations(firstAnswer.answer));
    expect([...cited].every((n) => n >= 1 && n <= firstAnswer.sources.length)).toBe(true);
    expect(firstAnswer.sources.map((s) => s.n)).toEqual(firstAnswer.sources.map((_, i) => i + 1));
    for (const s of firstAnswer.sources) expect(cited.has(s.n)).toBe(true);
    // Sources name real lines of the note.
    const recovery = firstAnswer.sources.find((s) => s.source === 'Plugins/File recovery.md')!;
    expect(recovery.start_line).toBeGreaterThan(0);
    expect(recovery.end_line).toBeGreaterThanOrEqual(recovery.start_line);
    expect(recovery.obsidian_uri).toMatch(/^obsidian:\/\/open\?vault=vault&file=Plugins%2FFile%20recovery$/);
  }, 300_000);

  it('says it could not find what the vault does not contain, with no sources', async () => {
    const r = await chat.ask('t2', 'What is the boiling point of mercury in kelvin?');
    expect(r.stopped).toBe(false);
    expect(r.answer).toBe(NOT_IN_NOTES_ANSWER);
    expect(r.answer).toMatch(/couldn't find .* in your notes/);
    expect(r.sources).toEqual([]);
    expect(r.steps.some((s) => s.startsWith('Searching your notes for'))).toBe(true);
  }, 300_000);

  it('a question longer than a search query (a pasted paragraph) is answered, not refused by the tool schema', async () => {
    // chat:send takes 4,000 characters, the search tool 500: the run failed with "did not match expected schema".
    const long = `${question} ${'I keep many notes and sometimes I delete one by mistake, so I want to know this. '.repeat(25)}`;
    expect(long.length).toBeGreaterThan(2000);
    const r = await chat.ask('t-long', long);
    expect(r.stopped).toBe(false);
    expect(r.sources.map((s) => s.source)).toContain('Plugins/File recovery.md');
    const searched = r.steps.find((s) => s.startsWith('Searching your notes for'))!;
    expect(searched.length).toBeLessThan(600);
  }, 300_000);

  it('a thread survives a restart: history and thread list come back from disk', async () => {
    expect(firstAnswer, 'needs the first test').toBeDefined();
    await chat.close();
    service.close();
    // A fresh process would find the vault from the index alone.
    service = await VaultService.open({ dataDir });
    chat = await createChatService(service, { model });

    const history = await chat.history('t1');
    expect(history).toHaveLength(2);
    expect(history[0]).toEqual({ role: 'user', content: question, sources: [], searched: [] });
    // An answer that cites its sources lists no closest notes besides them.
    expect(history[1]!.searched).toEqual([]);
    expect(history[1]!.role).toBe('assistant');
    expect(history[1]!.content).toBe(firstAnswer.answer);
    expect(history[1]!.sources.map((s) => s.source)).toEqual(firstAnswer.sources.map((s) => s.source));
    expect(history[1]!.sources[0]).not.toHaveProperty('chunks');

    const threads = await chat.threads();
    expect(threads.map((t) => t.threadId)).toEqual(expect.arrayContaining(['t1', 't2']));
    expect(threads.find((t) => t.threadId === 't1')!.title).toBe(question);
    expect(await chat.history('never-used')).toEqual([]);
  }, 60_000);

  it('stops promptly when aborted after the first step', async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    const steps: string[] = [];
    const r = await chat.ask('t3', 'How do I move my vault to a different folder?', {
      signal: controller.signal,
      onStep: (s) => {
        steps.push(s);
        if (!abortedAt) {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    const took = Date.now() - abortedAt;

    expect(abortedAt).toBeGreaterThan(0);
    expect(r).toMatchObject({ stopped: true, answer: '', sources: [] });
    expect(took).toBeLessThan(5_000);
    expect(steps.some((s) => s === 'Writing the answer…')).toBe(false);

    // The model is not left wedged: the next question on another thread still gets an answer.
    hello = await chat.ask('t4', 'hello');
    expect(hello.stopped).toBe(false);
    expect(hello.sources).toEqual([]);
    expect(hello.steps).toEqual(['Replying…']);
    expect(hello.answer.length).toBeGreaterThan(0);
  }, 300_000);

  it('asks what is meant when a question gives nothing to search, and searches nothing', async () => {
    const r = await chat.ask('t6', 'what about it?');
    expect(r.stopped).toBe(false);
    expect(r.answer).toBe(clarifyingQuestion('what about it?'));
    expect(r.sources).toEqual([]);
    expect(r.steps).toEqual(['Asking what you mean…']);
    expect(r.timings.model_calls).toBe(0);
  }, 60_000);

  // Regression (fixed bug) (src/agent/steps/reply.ts reply(), and the bundled model choice in resources/models.manifest.json): the
  // bundled GGUF is the *pretrained* gemma-3-270m, not the instruction-tuned -it model, so free-form replies
  // echo the prompt. Small talk shows the model's raw text unchecked, so "hello" is answered with the system
  // prompt itself followed by garbage ("You are ObsiQuery, a friendly assistant for the user's Obsidian notes.
  // Reply briefly. … helloで購入 …"). Uses the reply recorded by the previous test (no extra model call).
  it('small talk is answered with a greeting, not an echo of the system prompt', () => {
    expect(hello?.answer).toBeDefined();
    expect(hello!.answer).not.toMatch(/You are ObsiQuery|Reply briefly/);
  });

  // Answers that answer (issue 24): with the bundled model, prompt text never reaches an answer, even in a
  // conversation whose earlier turns the prompt carries, and questions the vault cannot answer are refused in
  // their own language. "save web articles into my vault" was answered "user: save web articles into my vault…";
  // "when is my dentist appointment" got a cited sentence about date arithmetic.
  it('no prompt text in answers over one conversation; each cites a note', async () => {
    for (const q of [
      'save web articles into my vault',
      'How long does file recovery keep snapshots?',
      'how do I link to a specific heading in another note',
    ]) {
      const r = await chat.ask('leaks', q);
      expect(answerLeak(r.answer, q, splitSentences), `${q} → ${r.answer}`).toBeNull();
      expect(r.answer).not.toMatch(/\b(user|assistant|system|model)\s*:|Question:|Notes:|Conversation so far/i);
      expect(r.sources.length, `${q} → ${r.answer}`).toBeGreaterThan(0);
      // No quoted lead-in: every cited sentence says something itself.
      expect(r.answer).not.toMatch(/:\s*\[\d+\]/);
    }
  }, 600_000);

  it('off-topic questions get "not in your notes" in their language, with no sources', async () => {
    for (const q of [
      'when is my dentist appointment',
      'what did the doctor say at my last checkup',
      // No note writes "blood"; "Returns true if the value is of the provided type." shares only "type" with it.
      'what is my blood type',
      '¿Cuándo es mi cita con el dentista?',
    ]) {
      const r = await chat.ask(`off-${q.length}`, q);
      expect(r.answer, q).toBe(notInNotesFor(q));
      expect(r.sources).toEqual([]);
      // The Spanish one is refused after a search, not for its words (none is the English notes'), and told why
      // the search may have missed: the vault's embedder reads English only.
      expect(
        r.notices.some((n) => n.includes('which reads English only')),
        q,
      ).toBe(q.startsWith('¿'));
      // Where it looked stays visible: the closest notes the search showed, each once, numbered apart from sources.
      expect(r.searched.map((s) => s.n)).toEqual(r.searched.map((_, i) => i + 1));
      expect(new Set(r.searched.map((s) => s.source)).size).toBe(r.searched.length);
      if (q === 'when is my dentist appointment') {
        expect(r.searched.length).toBeGreaterThan(0);
        // Kept with the thread, as sources are.
        const [, answer] = await chat.history(`off-${q.length}`);
        expect(answer!.searched.map((s) => s.source)).toEqual(r.searched.map((s) => s.source));
        expect(answer!.searched[0]).not.toHaveProperty('chunks');
      }
    }
    expect(notInNotesFor('¿Cuándo es mi cita con el dentista?')).not.toBe(NOT_IN_NOTES_ANSWER);
  }, 600_000);

  // A question about something the vault never names: search would find a note about diagrams or sync, and its
  // sentences came close enough in meaning to be quoted ("draw diagrams with the Excalidraw plugin" was answered
  // with a sentence about Mermaid). Ordinary words the notes lack do not count (paraphrases use them).
  it('a question naming what no note mentions is "not in your notes"; missing ordinary words are not', async () => {
    const db = service.index.db;
    expect(
      unknownNames(
        'sync my vault to Nextcloud over WebDAV',
        unknownWords(db, 'sync my vault to Nextcloud over WebDAV'),
      ),
    ).toEqual(['nextcloud', 'webdav']);
    expect(unknownNames('colour nodes in the graph by tag or folder', ['colour'])).toEqual([]);
    // A misspelt or British-spelt word is the vault's word, not a thing it lacks (one edit from 4 letters, two from 8).
    expect(unknownWords(db, 'colour nodes in the graph by tag or folder')).toEqual([]);
    expect(unknownWords(db, 'Obsidan Sync storge limit and the Catalist licence refund')).toEqual([]);
    expect(unknownWords(db, 'Obsidan Sync storge zzyzx')).toEqual(['zzyzx']);
    expect(unknownWords(db, 'does the clipper extension work in Firefox or Safari')).toEqual([]);
    // A term written in lower case is a name all the same ("kubectl", "pomodoro"), found by the word list.
    expect(unmentioned(db, 'add a pomodoro timer to the status bar').unknown()).toEqual(['pomodoro']);
    expect(unmentioned(db, 'can I turn one of my notes into a slideshow and present it').unknown()).toEqual([]);
    for (const q of [
      'draw diagrams with the Excalidraw plugin',
      'integrate Todoist tasks with my vault',
      'add a pomodoro timer to the status bar',
    ]) {
      const r = await chat.ask(`named-${q.length}`, q);
      expect(r.answer, q).toBe(notInNotesFor(q));
      expect(r.sources).toEqual([]);
    }
  }, 600_000);

  // Every word is in the vault, the thing asked about is not: "Google Calendar" (the vault has Google Keep and a
  // calendar icon), the Tasks plugin (the vault has tasks and plugins). They were answered with the daily note's
  // calendar icon and the CLI's task commands. The same shapes about what the vault has are still answered.
  it('a name of several words or a plugin no note names is "not in your notes"; ones the vault names are answered', async () => {
    const db = service.index.db;
    expect(holdsPhrase(db, ['Google', 'Calendar'])).toBe(false);
    expect(holdsPhrase(db, ['Apple', 'Notes'])).toBe(true);
    expect(holdsPhrase(db, ['templater', 'plugin'])).toBe(false);
    expect(holdsPhrase(db, ['Importer', 'plugin'])).toBe(true);
    for (const q of [
      'show my Google Calendar events inside the daily note',
      'use the Tasks plugin to make a task repeat every week',
      'デイリーノートの中にGoogleカレンダーの予定を表示したい',
    ]) {
      const r = await chat.ask(`thing-${q.length}`, q);
      expect(r.answer, q).toBe(notInNotesFor(q));
      expect(r.sources).toEqual([]);
    }
    for (const q of ['import my notes from Apple Notes on a Mac', 'bring my notes over with the Importer plugin']) {
      const r = await chat.ask(`known-${q.length}`, q);
      expect(r.answer, q).not.toBe(notInNotesFor(q));
      expect(r.sources.length, `${q} → ${r.answer}`).toBeGreaterThan(0);
    }
  }, 600_000);

  // These go through the decision call, which a thread's plain first question now skips: decideAlways.
  describe('with a scripted model (deterministic control flow over the real index)', () => {
    it('ask() reports stopped: true when aborted mid-decision, and nothing is searched', async () => {
      const controller = new AbortController();
      const scripted = new ScriptedModel({
        json: [
          () => {
            controller.abort();
            return { action: 'retrieve_notes_tool', query: 'file recovery snapshots', folder: '', tag: '' };
          },
        ],
      });
      const scriptedChat = await createChatService(service, { model: scripted, decideAlways: true });
      try {
        const steps: string[] = [];
        const r = await scriptedChat.ask('s1', question, { signal: controller.signal, onStep: (s) => steps.push(s) });
        expect(r).toMatchObject({ answer: '', sources: [], steps: [], stopped: true, notices: [] });
        expect(steps).toEqual([]);
        expect(scripted.calls).toHaveLength(1);
      } finally {
        await scriptedChat.close();
      }
    });

    it('the real retrieval grounds the answer even when the model contributes nothing', async () => {
      const scripted = new ScriptedModel({
        json: [{ action: 'retrieve_notes_tool', query: 'file recovery snapshots kept days', folder: '', tag: '' }],
      });
      scripted.fallbackJson = null; // filter agent and judge get nothing usable
      scripted.fallbackText = ''; // an empty draft: the answer must come from the notes' own sentences
      const scriptedChat = await createChatService(service, { model: scripted, decideAlways: true });
      try {
        const r = await scriptedChat.ask('s2', question);
        expect(r.stopped).toBe(false);
        expect(r.sources[0]!.source).toBe('Plugins/File recovery.md');
        expect(r.answer).toMatch(/7 days/);
        expect(new Set(citations(r.answer))).toEqual(new Set(r.sources.map((s) => s.n)));
        expect(r.steps[0]).toBe('Searching your notes for “file recovery snapshots kept days”…');
      } finally {
        await scriptedChat.close();
      }
    });
  });
});
