/**
 * Shared test wiring for the web-mode specs: one `obsiquery serve` per spec file (fresh temp vault and app data),
 * a page that fails its test on uncaught errors, and small helpers that speak the UI's accessible names.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { startAppServer, type AppServer } from './server.js';

export { expect };

/**
 * `page` as usual, but a test fails if the page threw an uncaught exception; console errors (CSP violations show
 * up there) are attached to the report.
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(`${err.name}: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    await use(page);
    if (consoleErrors.length) {
      await testInfo.attach('console-errors.txt', { body: consoleErrors.join('\n'), contentType: 'text/plain' });
    }
    expect(pageErrors, 'uncaught exceptions in the page').toEqual([]);
  },
});

export interface ServerHandle {
  readonly server: AppServer;
}

/**
 * Starts a server for this spec file (beforeAll) and stops it afterwards. With `synced`, the vault is added over
 * the API and fully indexed before the first test, so the UI boots straight into the app.
 */
export function useAppServer(
  name: string,
  opts: { synced: boolean; prepare?: Parameters<typeof startAppServer>[1] },
): ServerHandle {
  let server: AppServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startAppServer(name, opts.prepare);
    if (opts.synced) await server.addVaultAndSync();
  });
  test.afterAll(async () => {
    test.setTimeout(30_000);
    await server?.stop();
  });
  return {
    get server(): AppServer {
      if (!server) throw new Error('The app server is not running (its beforeAll failed).');
      return server;
    },
  };
}

/** Opens the printed URL and waits for the app to finish booting (the splash is gone). */
export async function openApp(page: Page, server: AppServer): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByText('Starting ObsiQuery…')).toHaveCount(0);
  await expect(page.locator('#root > *')).not.toHaveCount(0);
}

/** Clicks an entry of the sidebar's main navigation. */
export async function navigate(page: Page, item: 'Chat' | 'Search' | 'Ingestion log' | 'Settings'): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: item, exact: true }).click();
}
