/**
 * Chat with the local model, then follow a citation into the source preview. One question only: a local answer
 * costs 10-40 s of CPU, so the citation test reuses the answer the chat test produced (serial, shared page).
 */
import type { Browser, Page, WebSocket } from '@playwright/test';
import type { CitedSourceT } from '../src/shared/contract.js';
import { artifact, themedScreenshots } from './support/server.js';
import { expect, openApp, test, useAppServer } from './support/fixtures.js';

const QUESTION = 'How long does the irrigation pump run each morning?';
/** 10-40 s on an idle 2-core machine; much more when other work competes for the CPU. */
const ANSWER_TIMEOUT = Number(process.env.OBQ_E2E_ANSWER_TIMEOUT_MS ?? 300_000);

test.describe.configure({ mode: 'serial' });
const app = useAppServer('chat', { synced: true });

let page: Page;
const pageErrors: string[] = [];
/** chat:done payloads, read off the event WebSocket exactly as the UI receives them. */
const done: { answer: string; sources: CitedSourceT[]; searched: CitedSourceT[]; stopped: boolean }[] = [];
let tokenEvents = 0;
/** When the first chat:token and the chat:done frames arrived (ms), to check the answer had time to render. */
let firstTokenAt: number | null = null;
let doneAt: number | null = null;
/**
 * Their places in the order frames arrived: the check that the answer streamed before done. Not the times: an
 * answer of the notes' own sentences is picked and sent within the same millisecond as chat:done.
 */
let frames = 0;
let firstTokenFrame: number | null = null;
let doneFrame: number | null = null;

function listen(ws: WebSocket): void {
  if (!ws.url().includes('/api/events')) return;
  ws.on('framereceived', ({ payload }) => {
    if (typeof payload !== 'string') return;
    const msg = JSON.parse(payload) as { event: string; payload: unknown };
    frames++;
    if (msg.event === 'chat:token') {
      tokenEvents++;
      firstTokenAt ??= Date.now();
      firstTokenFrame ??= frames;
    }
    if (msg.event === 'chat:done') {
      doneAt ??= Date.now();
      doneFrame ??= frames;
      done.push(msg.payload as (typeof done)[number]);
    }
  });
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await browser.newPage();
  page.on('pageerror', (err) => pageErrors.push(`${err.name}: ${err.message}`));
  page.on('websocket', listen);
});

test.afterAll(async () => {
  await page?.close();
});

test.afterEach(() => {
  expect(pageErrors, 'uncaught exceptions in the page').toEqual([]);
});

/** Records the answer text every time it changes while the message is still streaming. */
function recordStreaming(): void {
  type El = {
    textContent: string | null;
    querySelector(sel: string): El | null;
    getAttribute(n: string): string | null;
  };
  const g = globalThis as unknown as {
    __stream: { text: string; busy: boolean }[];
    document: { body: unknown; querySelector(sel: string): El | null; querySelectorAll(sel: string): ArrayLike<El> };
    MutationObserver: new (cb: () => void) => { observe(target: unknown, opts: object): void };
  };
  g.__stream = [];
  const sample = () => {
    const all = g.document.querySelectorAll('article.message.assistant');
    const last = all[all.length - 1];
    if (!last) return;
    const text = (last.querySelector('.answer')?.textContent ?? '').trim();
    const busy = last.getAttribute('aria-busy') === 'true';
    const prev = g.__stream[g.__stream.length - 1];
    if (!prev || prev.text !== text || prev.busy !== busy) g.__stream.push({ text, busy });
  };
  new g.MutationObserver(sample).observe(g.document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
}

test('chat: the answer streams in, then shows citations', async () => {
  test.setTimeout(ANSWER_TIMEOUT + 60_000);
  await openApp(page, app.server);
  const message = page.getByLabel('Message');
  await expect(message).toBeVisible();
  await message.fill(QUESTION);
  await page.evaluate(recordStreaming);
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByRole('article', { name: 'You' })).toContainText(QUESTION);
  const answer = page.getByRole('article', { name: 'ObsiQuery' }).last();
  // While generating, the composer offers to stop instead of send.
  await expect(page.getByRole('button', { name: 'Stop generating' })).toBeVisible();
  await expect(answer).toHaveAttribute('aria-busy', 'false', { timeout: ANSWER_TIMEOUT });
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  const stream = await page.evaluate(
    () => (globalThis as unknown as { __stream: { text: string; busy: boolean }[] }).__stream,
  );
  const whileBusy = stream.filter((s) => s.busy && s.text.length > 0);
  test
    .info()
    .annotations.push(
      { type: 'token events', description: String(tokenEvents) },
      { type: 'answer snapshots while streaming', description: String(whileBusy.length) },
    );
  // The answer streams: each sentence is sent as soon as it passes the grounding check (one chat:token per
  // checked sentence, so a one-sentence answer is one event), and it arrives before chat:done.
  expect(tokenEvents, 'chat:token events received over the WebSocket').toBeGreaterThanOrEqual(1);
  expect(firstTokenAt, 'a chat:token frame').not.toBeNull();
  expect(doneAt, 'a chat:done frame').not.toBeNull();
  expect(firstTokenFrame!, 'the first sentence arrived before chat:done').toBeLessThan(doneFrame!);
  // Given time to render before done, the answer area showed the streamed text while the message was busy.
  if (doneAt! - firstTokenAt! > 1_000)
    expect(whileBusy.length, 'answer texts seen while streaming').toBeGreaterThanOrEqual(1);

  expect(done).toHaveLength(1);
  const final = done[0]!;
  test.info().annotations.push({ type: 'answer', description: final.answer });
  expect(final.stopped).toBe(false);
  expect(final.sources.length).toBeGreaterThan(0);
  expect(final.sources.map((s) => s.source)).toContain('Projects/Garden Irrigation.md');

  await expect(answer.locator('.answer')).not.toBeEmpty();
  await expect(answer.getByRole('button', { name: /^Citation \d+$/ }).first()).toBeVisible();
  await expect(answer.getByRole('region', { name: 'Sources' })).toContainText('Garden Irrigation');
  // The small model is usually right here; a wrong number is worth seeing in the report but is not a UI bug,
  // so it is noted, not failed (expect.soft would still fail the test). Answer quality is tested in
  // test/integration/agent.test.ts; this spec tests the UI.
  if (!/12/.test(final.answer))
    test.info().annotations.push({ type: 'warning', description: 'the answer did not give the 12-minute run time' });
  await page.screenshot({ path: artifact('chat.png') });
});

/** Words of a chunk worth looking for in rendered HTML (markdown syntax stripped). */
function words(markdown: string): string[] {
  return markdown
    .replace(/[*_`#>|[\]()-]/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}%€:.]/gu, '').replace(/[.:]+$/, ''))
    .filter((w) => w.length >= 4);
}

test('citation: opens the cited note at the cited lines, highlighted', async () => {
  const final = done[0];
  test.skip(!final, 'needs the answer from the chat test');
  const answer = page.getByRole('article', { name: 'ObsiQuery' }).last();
  const citation = answer.getByRole('button', { name: /^Citation \d+$/ }).first();
  const n = Number((await citation.getAttribute('aria-label'))!.replace('Citation ', ''));
  const source = final!.sources.find((s) => s.n === n)!;
  expect(source, `source for citation ${n}`).toBeTruthy();
  await citation.click();

  const preview = page.getByRole('complementary', { name: 'Source preview' });
  await expect(preview).toBeVisible();
  await expect(preview.locator('.preview-title h2')).toHaveText(source.title);
  await expect(preview.locator('.preview-path')).toContainText(source.source);

  const cited = preview.locator('.cited');
  await expect(cited.first()).toBeVisible();
  // Scrolled there: the first highlighted block is on screen inside the preview.
  await expect(cited.first()).toBeInViewport();

  // The highlighted blocks hold the cited chunk's text.
  const { start_line, end_line } = source;
  const chunks = await app.server.invoke('log:chunks', { source: source.source });
  const inside = chunks.filter((c) => c.start_line >= start_line && c.end_line <= end_line);
  const covering = chunks.filter((c) => c.start_line <= start_line && c.end_line >= end_line);
  const expectedChunks = inside.length ? inside : covering;
  expect(expectedChunks.length, `chunks of ${source.source} for lines ${start_line}-${end_line}`).toBeGreaterThan(0);
  const highlighted = (await cited.allTextContents()).join(' ').toLowerCase();
  const expected = [...new Set(expectedChunks.flatMap((c) => words(c.page_content)))];
  const found = expected.filter((w) => highlighted.includes(w.toLowerCase()));
  expect(
    found.length / expected.length,
    `chunk words found in the highlight: ${found.length}/${expected.length}`,
  ).toBeGreaterThan(0.6);

  const open = preview.getByRole('link', { name: 'Open in Obsidian' });
  await expect(open).toHaveAttribute('href', /^obsidian:\/\/open\?vault=/);
  const href = (await open.getAttribute('href'))!;
  const uri = new URL(href);
  expect(uri.searchParams.get('vault')).toBe('vault');
  expect(uri.searchParams.get('file')).toBe(source.source.replace(/\.md$/, ''));
  // Web mode has no file manager to reveal a file in: the control is not offered.
  await expect(preview.getByRole('button', { name: 'Reveal file' })).toHaveCount(0);
  await themedScreenshots(page, 'chat-preview');
  await page.screenshot({ path: artifact('preview.png') });

  // Esc closes the panel.
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
});

/** Asks in a new thread and waits for the answer: its message and its chat:done payload. */
async function askInNewChat(question: string) {
  await openApp(page, app.server);
  await page.getByRole('button', { name: 'New chat' }).click();
  const before = done.length;
  await page.getByLabel('Message').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = page.getByRole('article', { name: 'ObsiQuery' }).last();
  await expect(answer).toHaveAttribute('aria-busy', 'false', { timeout: ANSWER_TIMEOUT });
  await expect.poll(() => done.length).toBe(before + 1);
  return { answer, final: done.at(-1)! };
}

test('tasks: "what\'s on my todo list" is a list of the notes’ tasks, each item citing its note', async () => {
  test.setTimeout(ANSWER_TIMEOUT + 60_000);
  const { answer, final } = await askInNewChat("what's on my todo list");
  // Rendered as a markdown list, not as one paragraph: every item a task with its citation.
  const items = answer.locator('.answer li');
  expect(await items.count()).toBeGreaterThanOrEqual(5);
  for (const item of await items.all())
    await expect(item.getByRole('button', { name: /^Citation \d+$/ })).toHaveCount(1);
  await expect(answer.locator('.answer')).toContainText('Renew the car insurance');
  expect(final.sources.map((s) => s.source)).toContain('Inbox.md');
  await expect(answer.getByRole('region', { name: 'Sources' })).toContainText('Inbox');
  await page.screenshot({ path: artifact('tasks.png') });
});

test('"not in your notes" lists the closest notes searched, apart from sources, and they open in the preview', async () => {
  test.setTimeout(ANSWER_TIMEOUT + 60_000);
  const { answer, final } = await askInNewChat('what did the doctor say at my last checkup');
  expect(final.sources).toEqual([]);
  expect(final.searched.length, 'closest notes in chat:done').toBeGreaterThan(0);
  await expect(answer.locator('.answer')).toContainText("couldn't find");
  await expect(answer.getByRole('region', { name: 'Sources' })).toHaveCount(0);
  const closest = answer.getByRole('region', { name: 'Closest notes' });
  await expect(closest).toContainText('no sentence in these notes answers the question');
  await expect(closest.getByRole('listitem')).toHaveCount(final.searched.length);
  await closest.getByRole('button').first().click();
  const preview = page.getByRole('complementary', { name: 'Source preview' });
  await expect(preview.locator('.preview-path')).toContainText(final.searched[0]!.source);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await page.screenshot({ path: artifact('closest-notes.png') });
});
