/** Settings shows the vault's real settings and saves changes through the contract. */
import { artifact } from './support/server.js';
import { expect, navigate, openApp, test, useAppServer } from './support/fixtures.js';

const app = useAppServer('settings', { synced: true });

test('settings: shows the current values and saves a change', async ({ page }) => {
  const { server } = app;
  const settings = await server.invoke('settings:get', {});
  const status = await server.invoke('status:get', {});
  await openApp(page, server);
  await navigate(page, 'Settings');

  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Chunk size (tokens)')).toHaveValue(String(settings.chunkSize));
  await expect(page.getByLabel('Overlap (tokens)')).toHaveValue(String(settings.overlap));
  const k = page.getByLabel('Results per question (k)');
  await expect(k).toHaveValue(String(settings.k));
  // A new vault's threshold is auto: the embedder's calibrated gate, shown as a placeholder, not a number.
  expect(settings.threshold).toBeNull();
  const threshold = page.getByLabel('Similarity threshold');
  await expect(threshold).toHaveValue('');
  await expect(threshold).toHaveAttribute('placeholder', `auto (${settings.autoThreshold})`);
  await expect(page.getByLabel('Embedding model')).toHaveValue(status.embeddingModel);
  await expect(page.getByLabel('Data location')).toHaveValue(status.dataDir!);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.screenshot({ path: artifact('settings.png') });

  // Invalid input is flagged and cannot be saved.
  await page.getByLabel('Overlap (tokens)').fill(String(settings.chunkSize + 1));
  await expect(page.getByRole('alert').filter({ hasText: /overlap/i })).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Overlap (tokens)').fill(String(settings.overlap));

  // A retrieval-only change saves without re-indexing.
  const nextK = settings.k === 7 ? 8 : 7;
  await k.fill(String(nextK));
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect((await server.invoke('settings:get', {})).k).toBe(nextK);
  expect((await server.invoke('status:get', {})).syncing).toBe(false);
});
