import { watch, type FSWatcher } from 'chokidar';

/** Quiet time after the last change before a sync is requested. */
export const WATCH_DEBOUNCE_MS = 1500;
/** A file counts as written once its size has been stable this long (editors save in several writes). */
export const WRITE_SETTLE_MS = 500;

/**
 * Watches the vault and asks for a sync shortly after edits settle: an editor saving every keystroke
 * must cause one sync, not fifty. A periodic safety sync catches anything a watcher can miss
 * (network drives, sleep/resume).
 */
export function watchVault(
  vault: string,
  requestSync: () => void,
  opts: { debounceMs?: number; safetyMs?: number } = {},
): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const debounce = () => {
    clearTimeout(timer);
    timer = setTimeout(requestSync, opts.debounceMs ?? WATCH_DEBOUNCE_MS);
  };
  const watcher: FSWatcher = watch(vault, {
    ignoreInitial: true,
    ignored: (p: string) => /[\\/](\.obsidian|\.trash|\.git)([\\/]|$)/.test(p),
    awaitWriteFinish: { stabilityThreshold: WRITE_SETTLE_MS, pollInterval: 100 },
  });
  watcher.on('all', (_event, file) => {
    if (file.toLowerCase().endsWith('.md') || _event === 'unlinkDir' || _event === 'addDir') debounce();
  });
  const safety = setInterval(requestSync, opts.safetyMs ?? 15 * 60_000);
  return async () => {
    clearTimeout(timer);
    clearInterval(safety);
    await watcher.close();
  };
}
