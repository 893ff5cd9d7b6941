import { EventEmitter } from 'node:events';
import type { FromWorker, ToWorker } from '../shared/workerProtocol.js';
import type { EventPayload } from '../shared/contract.js';

/** What both hosts give us: Electron's UtilityProcess and Node's ChildProcess fit this shape via a tiny adapter. */
export interface WorkerHandle {
  post(message: ToWorker): void;
  onMessage(fn: (message: FromWorker) => void): void;
  onExit(fn: (code: number | null) => void): void;
  kill(): void;
}

export interface SyncWorkerEvents {
  progress: [EventPayload<'sync:progress'>];
  filesChanged: [number[]];
  done: [EventPayload<'sync:done'>];
  crashed: [string];
}

/**
 * Owns the pipeline worker on the host side: starts it, restarts it when it dies (reporting the crash), and
 * coalesces sync requests so a burst of triggers (watcher + tray + UI) yields one running sync plus at most
 * one follow-up.
 */
export class SyncWorkerClient extends EventEmitter<SyncWorkerEvents> {
  private worker: WorkerHandle | null = null;
  private running = false;
  private pendingAgain = false;
  private target: { vault: string; dataDir: string } | null = null;
  /** The vault the running sync works on: the target may change (a vault switch) while it runs. */
  private syncing: string | null = null;
  private stopping = false;
  paused = false;
  private busyRetry: NodeJS.Timeout | undefined;
  /** How long to wait before retrying when another process holds the sync lock. */
  busyRetryMs = 2000;

  constructor(private readonly spawn: () => WorkerHandle) {
    super();
  }

  get busy(): boolean {
    return this.running;
  }

  /** The vault being synced right now, or null. */
  get syncingVault(): string | null {
    return this.running ? this.syncing : null;
  }

  setTarget(vault: string, dataDir: string): void {
    this.target = { vault, dataDir };
  }

  /** Returns true when a new sync started, false when it was folded into the running one. */
  requestSync(): boolean {
    if (!this.target || this.paused) return false;
    if (this.running) {
      this.pendingAgain = true;
      return false;
    }
    this.running = true;
    this.syncing = this.target.vault;
    this.ensureWorker().post({ type: 'sync', ...this.target });
    return true;
  }

  private ensureWorker(): WorkerHandle {
    if (this.worker) return this.worker;
    const w = this.spawn();
    this.worker = w;
    w.onMessage((m) => this.onMessage(m));
    w.onExit((code) => {
      this.worker = null;
      const wasRunning = this.running;
      this.running = false;
      if (this.stopping) return;
      this.emit('crashed', `The indexing worker exited unexpectedly (code ${code ?? 'signal'}).`);
      // The next sync repairs whatever the dead worker left half-done, so restart and resume.
      if (wasRunning) setTimeout(() => this.requestSync(), 500);
    });
    return w;
  }

  private onMessage(m: FromWorker): void {
    const vault = this.syncing ?? undefined;
    if (m.type === 'progress') this.emit('progress', { ...m.progress, vault });
    else if (m.type === 'filesChanged') this.emit('filesChanged', m.ids);
    else if (m.type === 'done' || m.type === 'error') {
      this.running = false;
      this.emit(
        'done',
        m.type === 'done' ? { summary: m.summary, error: null, vault } : { summary: null, error: m.message, vault },
      );
      if (m.type === 'error' && /already running/i.test(m.message)) {
        // Another process (a CLI sync) holds the index: try again once it is likely done, so edits made
        // meanwhile are not left waiting for the next trigger.
        this.pendingAgain = false;
        clearTimeout(this.busyRetry);
        this.busyRetry = setTimeout(() => this.requestSync(), this.busyRetryMs);
        this.busyRetry.unref?.();
        return;
      }
      if (this.pendingAgain) {
        this.pendingAgain = false;
        this.requestSync();
      }
    }
  }

  stop(): void {
    this.stopping = true;
    clearTimeout(this.busyRetry);
    this.worker?.post({ type: 'shutdown' });
    const w = this.worker;
    setTimeout(() => w?.kill(), 2000).unref();
  }
}
