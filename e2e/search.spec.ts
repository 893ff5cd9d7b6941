/** The search tab: Ctrl+K jumps to it from anywhere, results come as you type, with the query terms marked. */
import { artifact, themedScreenshots } from './support/server.js';
import { expect, navigate, openApp, test, useAppServer } from './support/fixtures.js';

const app = useAppServer('search', { synced: true });

test('search: Ctrl+K focuses the box; results highlight the query terms', async ({ page }) => {
  await openApp(page, app.server);
  await expect(page.getByLabel('Message')).toBeVisible();

  // From chat (focus in the composer), Ctrl+K switches to search with the box focused.
  await page.getByLabel('Message').focus();
  await page.keyboard.press('Control+K');
  const box = page.getByLabel('Search notes');
  await expect(box).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.keyboard.type('irrigation pump');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results).toBeVisible();
  await expect(page.locator('.results')).toHaveAttribute('aria-busy', 'false');
  const first = results.getByRole('listitem').first();
  await expect(first.locator('.result-path')).toContainText('Projects/Garden Irrigation.md');
  const marks = results.locator('mark');
  await expect(marks.first()).toBeVisible();
  const marked = (await marks.allTextContents()).map((t) => t.toLowerCase());
  expect(marked.length).toBeGreaterThan(1);
  expect(marked.every((t) => t === 'irrigation' || t === 'pump')).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: /\d+ notes?$/ })).toBeVisible();
  await page.screenshot({ path: artifact('search.png') });
  // Relevance is bounded: no result shows more than 100%.
  const percents = (await results.locator('[data-testid="relevance"]').allTextContents()).map((t) =>
    Number(t.replace('%', '')),
  );
  expect(percents.length).toBeGreaterThan(0);
  expect(
    percents.every((p) => p >= 0 && p <= 100),
    percents.join(', '),
  ).toBe(true);
  await themedScreenshots(page, 'search');

  // A result opens its chunk in the preview.
  await first.getByRole('button').click();
  const preview = page.getByRole('complementary', { name: 'Source preview' });
  await expect(preview.locator('.preview-path')).toContainText('Projects/Garden Irrigation.md');
  await expect(preview.locator('.cited').first()).toBeInViewport();

  // Ctrl+K from another screen comes back here, focused, with the query selected for retyping.
  await navigate(page, 'Settings');
  await page.keyboard.press('Control+K');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('irrigation pump');
  await page.keyboard.type('sourdough');
  await expect(box).toHaveValue('sourdough');
  await expect(results.locator('.result-path').first()).toContainText('Resources/Sourdough Bread.md');
});
