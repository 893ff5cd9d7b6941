/**
 * Child process for the lock race test: waits for a line on stdin, then tries to take the sync lock in
 * argv[2] and, if it got it, holds it for argv[3] ms. Prints one JSON line: {"got": true} or
 * {"got": false, "error": "..."}.
 * Run with: node --import tsx/esm test/helpers/lockWorker.ts <dataDir> <holdMs>
 */
import { acquireSyncLock } from '../../src/pipeline/syncLock.js';

const [dataDir, holdMs] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: lockWorker.ts <dataDir> <holdMs>');

process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
try {
  const release = acquireSyncLock(dataDir);
  await new Promise((r) => setTimeout(r, Number(holdMs ?? 1000)));
  release();
  process.stdout.write(`${JSON.stringify({ got: true })}\n`);
} catch (err) {
  process.stdout.write(
    `${JSON.stringify({ got: false, error: `${(err as Error).name}: ${(err as Error).message}` })}\n`,
  );
}
process.stdin.destroy();
