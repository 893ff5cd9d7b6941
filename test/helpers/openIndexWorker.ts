/**
 * Child process for the concurrency tests: opens (creating if needed) the index in argv[2] as soon as the
 * parent writes a line to stdin, so several processes open the same fresh data folder at the same instant.
 * Prints one JSON line: {"ok": true} or {"ok": false, "error": "..."}.
 * Run with: node --import tsx/esm test/helpers/openIndexWorker.ts <dataDir>
 */
import { openIndex } from '../../src/store/openIndex.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: openIndexWorker.ts <dataDir>');

process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
try {
  const index = await openIndex(dataDir, { modelId: 'concurrency-test-model', dimension: 8 });
  index.close();
  process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
} catch (err) {
  process.stdout.write(
    `${JSON.stringify({ ok: false, error: `${(err as Error).name}: ${(err as Error).message}` })}\n`,
  );
}
process.stdin.destroy();
