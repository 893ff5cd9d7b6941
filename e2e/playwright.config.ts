import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Playwright's own browsers are not downloaded in this project: the web specs drive Debian's Chromium. */
const CHROMIUM = process.env.OBQ_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}. The e2e suite drives the system Chromium, not a Playwright download: ` +
      'install it with `sudo apt-get install chromium` (Debian/Ubuntu) or point OBQ_CHROMIUM at a Chromium binary.',
  );
}

export default defineConfig({
  testDir: here,
  outputDir: path.join(here, 'artifacts/test-results'),
  // One worker: a 2-core machine, and the local chat model alone keeps a core busy.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Each spec file starts its own server and indexes its own vault copy (~10-40 s); a local answer takes 10-40 s
  // more. Individual tests raise this where they wait for the model.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // The JSON copy feeds scripts/test-summary.mjs (one closing line for the whole test command).
  reporter: [['list'], ['json', { outputFile: path.join(here, '../out/test-results/e2e.json') }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'web', testIgnore: /electron\.spec\.ts$/ },
    { name: 'electron', testMatch: /electron\.spec\.ts$/ },
  ],
});
