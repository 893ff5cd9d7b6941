/**
 * Notes are untrusted input. Previewing a note with scripts, event handlers and `javascript:` links must run
 * nothing. The page's CSP would already block inline scripts, so these tests bypass CSP: what is checked here is
 * that the renderer's own sanitising holds, with the CSP as a second line of defence.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { artifact, HOSTILE_NOTE } from './support/server.js';
import { expect, navigate, openApp, test, useAppServer } from './support/fixtures.js';

const app = useAppServer('xss', { synced: true });
test.use({ bypassCSP: true });

const UNSAFE_NOTE = 'Resources/Unsafe HTML sample.md';

function xssFlag(page: Page): Promise<unknown> {
  return page.evaluate(() => (globalThis as Record<string, unknown>).__xss);
}

interface Watch {
  dialogs: string[];
  popups: string[];
}

function watch(page: Page, context: BrowserContext): Watch {
  const w: Watch = { dialogs: [], popups: [] };
  page.on('dialog', (d) => {
    w.dialogs.push(d.message());
    void d.dismiss();
  });
  context.on('page', (p) => w.popups.push(p.url()));
  return w;
}

async function openFromSearch(page: Page, query: string, source: string): Promise<Locator> {
  await navigate(page, 'Search');
  await page.getByLabel('Search notes').fill(query);
  const result = page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button')
    .filter({ has: page.locator('.result-path', { hasText: source }) })
    .first();
  await result.click();
  const preview = page.getByRole('complementary', { name: 'Source preview' });
  await expect(preview).toBeVisible();
  await expect(preview.locator('.preview-path')).toContainText(source);
  await expect(preview.locator('.note-body')).not.toBeEmpty();
  return preview;
}

/**
 * The rendered form of `[label](javascript:…)`: markdown-it refuses the URL, so it usually stays literal text;
 * if a future renderer turns it into a link instead, click that.
 */
async function renderedJsLink(preview: Locator, label: string): Promise<Locator> {
  const asLink = preview.getByRole('link', { name: label, exact: true });
  if ((await asLink.count()) > 0) return asLink.first();
  return preview.getByText(`[${label}](javascript:`, { exact: false }).first();
}

/** Everything in the rendered note that could run code. */
async function expectInert(preview: Locator): Promise<void> {
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(preview.locator('iframe, object, embed')).toHaveCount(0);
  const handlers = await preview.locator('*').evaluateAll((els: { tagName: string; getAttributeNames(): string[] }[]) =>
    els.flatMap((el) =>
      el
        .getAttributeNames()
        .filter((a) => a.toLowerCase().startsWith('on'))
        .map((a) => `<${el.tagName.toLowerCase()} ${a}>`),
    ),
  );
  expect(handlers, 'elements with on* attributes').toEqual([]);
  const urls = await preview
    .locator('[href], [src], [action], [formaction], [xlink\\:href]')
    .evaluateAll((els: { getAttribute(n: string): string | null }[]) =>
      els.flatMap((el) => ['href', 'src', 'action', 'formaction', 'xlink:href'].map((a) => el.getAttribute(a) ?? '')),
    );
  const dangerous = urls.filter((u) => /^\s*(javascript|vbscript|data:text\/html)/i.test(u.replace(/[\s\0]/g, '')));
  expect(dangerous, 'javascript:/data: URLs').toEqual([]);
}

test('hostile note: previewing it runs nothing', async ({ page, context }) => {
  const w = watch(page, context);
  await openApp(page, app.server);
  const preview = await openFromSearch(page, 'hostile note clipped from a suspicious web page', HOSTILE_NOTE);

  // The note's ordinary content is there; the payloads are neutralised.
  await expect(preview.getByText('first hostile item')).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'bold' })).toBeVisible();
  await expectInert(preview);
  expect(await xssFlag(page)).toBeUndefined();

  // Clicking the would-be javascript: link does nothing either.
  const link = await renderedJsLink(preview, 'click');
  await expect(link).toBeVisible();
  const url = page.url();
  await link.click();
  await page.waitForTimeout(500);
  expect(await xssFlag(page)).toBeUndefined();
  expect(page.url()).toBe(url);
  expect(w.dialogs).toEqual([]);
  expect(w.popups).toEqual([]);
  await page.screenshot({ path: artifact('xss-hostile.png') });
});

test('sample "Unsafe HTML" note: previewing it runs nothing; its wikilink still works', async ({ page, context }) => {
  const w = watch(page, context);
  await openApp(page, app.server);
  const preview = await openFromSearch(
    page,
    'clipped snippet with an inline script and broken images with event handlers',
    UNSAFE_NOTE,
  );
  await expect(preview.getByRole('heading', { name: 'Unsafe HTML sample', level: 1 })).toBeVisible();
  await expectInert(preview);
  expect(await xssFlag(page)).toBeUndefined();

  const link = await renderedJsLink(preview, 'click me');
  await expect(link).toBeVisible();
  const url = page.url();
  await link.click();
  await page.waitForTimeout(500);
  expect(await xssFlag(page)).toBeUndefined();
  expect(page.url()).toBe(url);

  // A normal external link must not navigate the app itself away.
  const external = preview.getByRole('link', { name: 'the Obsidian website' });
  await expect(external).toBeVisible();
  expect(await external.getAttribute('target')).toBe('_blank');
  expect(await external.getAttribute('rel')).toMatch(/noopener/);

  // A wikilink inside the note hops to that note in the preview, with a way back.
  await preview.getByText('Obsidian Tips', { exact: true }).click();
  await expect(preview.locator('.preview-path')).toContainText('Resources/Obsidian Tips.md');
  await preview.getByRole('button', { name: 'Back' }).click();
  await expect(preview.locator('.preview-path')).toContainText(UNSAFE_NOTE);
  await expectInert(preview);

  expect(await xssFlag(page)).toBeUndefined();
  expect(w.dialogs).toEqual([]);
  expect(w.popups).toEqual([]);
  await page.screenshot({ path: artifact('xss-unsafe-sample.png') });
});
