/**
 * Start-up with a vault used before that cannot be reopened: here its index was written by a newer ObsiQuery. The
 * app still starts, with the vault switcher and onboarding's "Add vault…" at hand, and says why the vault is not
 * open (the renderer's bootstrap tries it once more and shows the backend's reason).
 */
import Database from 'better-sqlite3';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, openApp, test, useAppServer } from './support/fixtures.js';

const app = useAppServer('restore', {
  synced: false,
  prepare: ({ home, dataDir, vault }) => {
    mkdirSync(dataDir, { recursive: true });
    const db = new Database(path.join(dataDir, 'obq.sqlite'));
    db.pragma('user_version = 99');
    db.close();
    writeFileSync(path.join(home, 'vaults.json'), JSON.stringify({ current: vault, vaults: [{ vault, dataDir }] }));
  },
});

test('a last vault that cannot be reopened: the app starts and says why', async ({ page }) => {
  const { server } = app;
  const status = await server.invoke('status:get', {});
  expect(status.vault).toBeNull();
  await openApp(page, server);
  const notice = page.getByRole('status').filter({ hasText: `Could not open ${server.vault}` });
  await expect(notice).toContainText('schema version 99, written by a newer ObsiQuery');
  await expect(notice).toContainText('update ObsiQuery, or use another data folder');
  // Another vault can be added from here; nothing was written to the newer index.
  await expect(page.getByRole('button', { name: 'Add vault…' })).toBeVisible();
  expect((await server.invoke('status:get', {})).vault).toBeNull();
});
