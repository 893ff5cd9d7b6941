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
  paused: [boolean];
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
  /** A follow-up (or the restart after a crash) must keep a reindex a reindex. */
  private pendingReindex = false;
  private target: { vault: string; dataDir: string } | null = null;
  /** The vault the running sync works on: the target may change (a vault switch) while it runs. */
  private syncing: string | null = null;
  private stopping = false;
  private isPaused = false;
  /** A sync was asked for while paused: resuming runs it, so edits made meanwhile are not left waiting. */
  private missedWhilePaused = false;
  private runningReindex = false;
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

  /** The one pause state: the tray, the UI (`sync:pause`) and the watcher all go through here. */
  get paused(): boolean {
    return this.isPaused;
  }

  /** Pausing stops the running sync after its current batch; resuming runs what was asked for meanwhile. */
  setPaused(paused: boolean): void {
    if (paused === this.isPaused) return;
    this.isPaused = paused;
    if (paused) {
      this.missedWhilePaused = this.pendingAgain || this.running;
      this.pendingAgain = false;
      if (this.running) this.worker?.post({ type: 'cancel' });
    }
    this.emit('paused', paused);
    if (!paused && this.missedWhilePaused) {
      this.missedWhilePaused = false;
      this.requestSync({ reindex: this.pendingReindex });
    }
  }

  /**
   * Returns true when a new sync started, false when it was folded into the running one (or syncing is
   * paused). `reindex` re-embeds every note.
   */
  requestSync(opts: { reindex?: boolean } = {}): boolean {
    if (!this.target) return false;
    if (opts.reindex) this.pendingReindex = true;
    if (this.isPaused) {
      this.missedWhilePaused = true;
      return false;
    }
    if (this.running) {
      this.pendingAgain = true;
      return false;
    }
    this.running = true;
    this.syncing = this.target.vault;
    this.runningReindex = this.pendingReindex;
    this.pendingReindex = false;
    this.ensureWorker().post({ type: 'sync', ...this.target, ...(this.runningReindex ? { reindex: true } : {}) });
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
      // The next sync repairs whatever the dead worker left half-done, so restart and resume. A reindex resumes
      // from the requeue stored in the index; asking for a new one would restart it from scratch after every
      // crash, and a note that crashes the worker would then stall it forever.
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
        if (this.runningReindex) this.pendingReindex = true;
        clearTimeout(this.busyRetry);
        this.busyRetry = setTimeout(() => this.requestSync(), this.busyRetryMs);
        this.busyRetry.unref?.();
        return;
      }
      if (this.pendingAgain || this.pendingReindex) {
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
