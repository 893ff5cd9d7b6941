import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { IndexError } from '../shared/errors.js';

export class SyncBusyError extends IndexError {
  constructor(readonly pid: number) {
    super('index.locked', `Another sync is already running on this index (process ${pid}).`);
    this.name = 'SyncBusyError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while a live process holds the index's sync lock (its writes may be mid-flight). */
export function syncInProgress(dataDir: string): boolean {
  const pid = readPid(path.join(dataDir, 'sync.lock'));
  return pid !== undefined && pid > 0 && alive(pid);
}

/**
 * One sync per index across processes (the app's worker, a CLI in a terminal). The lock file holds the
 * owner's pid; a lock whose owner died (a crash, a SIGKILL) is taken over rather than blocking forever.
 * The lock appears with its pid already inside (hard link of a written file), so no one ever reads an
 * empty lock and mistakes a starting sync for a dead one.
 */
export function acquireSyncLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'sync.lock');
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file);
        return () => releaseIfMine(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = readPid(file);
      if (holder === undefined) continue; // released between our attempt and the read
      if (holder > 0 && holder !== process.pid && alive(holder)) throw new SyncBusyError(holder);
      takeOverStale(file, holder);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new Error(`Could not take the sync lock ${file}.`);
}

/** Pid in a lock file; 0 for an empty or garbled one (a crash while writing), undefined when it is gone. */
function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch {
    return undefined;
  }
}

/**
 * Moves a dead owner's lock aside atomically. Two processes may find the same stale lock; if we moved a
 * lock that a faster one had meanwhile created, we put it back and let the next attempt see it as busy.
 */
function takeOverStale(file: string, deadPid: number): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  const moved = readPid(aside);
  if (moved !== undefined && moved > 0 && moved !== deadPid && moved !== process.pid && alive(moved)) {
    try {
      linkSync(aside, file);
    } catch {
      // A third process took the lock in that instant; its holder now owns the index.
    }
  }
  rmSync(aside, { force: true });
}

function releaseIfMine(file: string): void {
  if (readPid(file) === process.pid) rmSync(file, { force: true });
}

/**
 * In-process coalescing: a request while a sync runs does not start a second one; it schedules exactly one
 * follow-up run, so changes made during the current run are still picked up.
 */
export class SyncCoordinator<T> {
  private running: Promise<T> | null = null;
  private again = false;
  private followUp: Promise<T> | null = null;

  constructor(private readonly run: () => Promise<T>) {}

  get busy(): boolean {
    return this.running !== null;
  }

  request(): Promise<T> {
    if (!this.running) {
      this.running = this.run().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    if (!this.again) {
      this.again = true;
      this.followUp = this.running.then(
        () => this.startFollowUp(),
        () => this.startFollowUp(),
      );
    }
    return this.followUp!;
  }

  private startFollowUp(): Promise<T> {
    this.again = false;
    this.followUp = null;
    return this.request();
  }
}
