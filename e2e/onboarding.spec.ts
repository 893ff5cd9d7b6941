/**
 * First run in web mode: no vault yet, so the UI shows onboarding. The user types the vault path, sees how many
 * notes were found, watches the real progress bar fill, and lands in chat once indexing is complete.
 */
import { artifact, themedScreenshots } from './support/server.js';
import { expect, openApp, test, useAppServer } from './support/fixtures.js';

const app = useAppServer('onboarding', { synced: false });

/** Records every aria-valuenow the progress bar takes, from the moment it appears. */
function recordProgress(): void {
  const g = globalThis as unknown as {
    __progress: number[];
    document: { body: unknown; querySelector(sel: string): { getAttribute(n: string): string | null } | null };
    MutationObserver: new (cb: () => void) => { observe(target: unknown, opts: object): void };
  };
  g.__progress = [];
  const sample = () => {
    const raw = g.document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
    if (raw === null || raw === undefined) return;
    const v = Number(raw);
    if (g.__progress[g.__progress.length - 1] !== v) g.__progress.push(v);
  };
  new g.MutationObserver(sample).observe(g.document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-valuenow'],
  });
}

test('onboarding: add the vault by path, watch it index, start chatting', async ({ page }) => {
  test.setTimeout(240_000);
  const { server } = app;
  await openApp(page, server);

  // In a browser there is no drop target and no native picker: those controls are not offered at all.
  await expect(page.getByRole('region', { name: 'Drop your vault folder here' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Choose folder…' })).toHaveCount(0);
  const pathInput = page.getByLabel('Vault path');
  await expect(pathInput).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use this folder' })).toBeDisabled();
  await page.screenshot({ path: artifact('onboarding.png') });

  // Instead, the backend's folder browser: folders under the home folder, each with its note count.
  await page.getByRole('button', { name: 'Browse folders…' }).click();
  const browser = page.getByRole('dialog', { name: 'Choose your vault folder' });
  await expect(browser).toBeVisible();
  await expect(browser).toHaveAttribute('aria-busy', 'false');
  await expect(browser.getByRole('button', { name: 'Up one folder' })).toBeDisabled(); // home is the top
  await expect(browser.getByRole('button', { name: /^Use ~/ })).toBeEnabled();
  await browser.getByRole('button', { name: 'Close' }).click();

  await pathInput.fill(server.vault);
  await page.evaluate(recordProgress);
  await page.getByRole('button', { name: 'Use this folder' }).click();

  await expect(page.getByText(`${server.noteCount} markdown notes found`)).toBeVisible();
  const bar = page.getByRole('progressbar');
  await expect(bar).toBeVisible();
  // The count moves before indexing is over (files count once embedded): catch it part-way.
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 180_000, intervals: [100] })
    .toBeGreaterThan(0);
  if (Number(await bar.getAttribute('aria-valuenow')) < server.noteCount) {
    await themedScreenshots(page, 'onboarding-in-progress');
  }

  // Indexing finishes: the backend reports every note completed and the card says so.
  await expect
    .poll(async () => (await server.invoke('status:get', {})).counts.completed, { timeout: 180_000 })
    .toBe(server.noteCount);
  const status = await server.waitForIdle();
  await expect(page.getByText('Indexing complete')).toBeVisible({ timeout: 60_000 });
  // The heading agrees with the card: no "Indexing your vault" above "Indexing complete".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your vault is ready');
  await themedScreenshots(page, 'onboarding-complete');

  const seen = await page.evaluate(() => (globalThis as unknown as { __progress: number[] }).__progress);
  test.info().annotations.push({ type: 'aria-valuenow values seen', description: seen.join(', ') });
  // It advanced: it showed a value below the total first, then reached the total, never going backwards,
  // through several values on the way (not 0 then a jump to done).
  // (Soft checks from here on, so one wrong number still lets the rest of onboarding run.)
  expect(seen[0], `progress values seen: ${seen.join(', ')}`).toBeLessThan(server.noteCount);
  expect(
    seen.filter((v) => v > 0 && v < server.noteCount).length,
    `values strictly between 0 and ${server.noteCount}: ${seen.join(', ')}`,
  ).toBeGreaterThanOrEqual(3);
  expect.soft(seen, 'the bar reached N of N').toContain(server.noteCount);
  const upToFull = seen.includes(server.noteCount) ? seen.slice(0, seen.indexOf(server.noteCount) + 1) : seen;
  expect.soft(upToFull, 'the bar never went backwards').toEqual([...upToFull].sort((a, b) => a - b));
  // And it stays full once done.
  expect.soft(await bar.getAttribute('aria-valuenow'), 'final aria-valuenow').toBe(String(server.noteCount));
  expect
    .soft(await bar.getAttribute('aria-valuetext'), 'final aria-valuetext')
    .toBe(`${server.noteCount} of ${server.noteCount} notes`);

  expect(status.counts).toMatchObject({
    completed: server.noteCount,
    failed: 0,
    pending: 0,
    processing: 0,
    total: server.noteCount,
  });
  await page.screenshot({ path: artifact('after-sync.png') });

  const start = page.getByRole('button', { name: 'Start chatting' });
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page.getByLabel('Message')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What would you like to know?' })).toBeVisible();
  // The sidebar's status line agrees with the backend.
  await expect(page.getByRole('button', { name: /^Index status/ })).toContainText(`${server.noteCount} notes`);
  await page.screenshot({ path: artifact('onboarding-chat.png') });
});
