/** Live indexing progress, fed by sync:progress / sync:done events. */
import { create } from 'zustand';
import type { EventPayload, SyncProgressT } from '../../../shared/contract.js';
import { errorMessage, getApi } from '../bridge/api.js';
import { currentVault, useApp } from './appStore.js';

/**
 * Progress belongs to the vault it names: while another vault (the one switched away from) is still
 * indexing, its events must not show up as the selected vault's. Events without a vault (older backends)
 * count as the selected vault's.
 */
function isForSelectedVault(vault: string | undefined): boolean {
  if (vault === undefined) return true;
  const app = useApp.getState();
  const selected = currentVault(app.vaults)?.vault ?? app.status?.vault ?? null;
  return selected === null || selected === vault;
}

interface SyncState {
  progress: SyncProgressT | null;
  lastDone: EventPayload<'sync:done'> | null;
  /** A sync was requested or progress is arriving, and no sync:done has come yet. */
  running: boolean;
  startError: string | null;

  start(): Promise<void>;
  onProgress(progress: SyncProgressT): void;
  onDone(done: EventPayload<'sync:done'>): void;
  reset(): void;
  /** Drops progress that belongs to a vault other than the selected one (after a switch settles). */
  dropOtherVaults(): void;
}

export const useSync = create<SyncState>()((set, get) => ({
  progress: null,
  lastDone: null,
  running: false,
  startError: null,

  async start() {
    set({ startError: null });
    const doneBefore = get().lastDone;
    try {
      const { started } = await getApi().invoke('sync:start', {});
      // started=false means one is already running; its progress events will keep coming either way.
      // A sync with nothing to do can finish (sync:done over the event channel) before this reply arrives:
      // marking it running then would leave the UI "Syncing…" forever.
      if (started && get().lastDone === doneBefore) set({ running: true });
    } catch (err) {
      set({ startError: errorMessage(err) });
    }
  },

  onProgress(progress) {
    if (!isForSelectedVault(progress.vault)) return;
    set({ progress, running: progress.phase !== 'done' });
  },

  onDone(done) {
    if (!isForSelectedVault(done.vault)) return;
    set((s) => ({
      lastDone: done,
      running: false,
      progress: s.progress ? { ...s.progress, phase: 'done', etaSeconds: 0 } : s.progress,
    }));
  },

  reset() {
    set({ progress: null, lastDone: null, running: false, startError: null });
  },

  dropOtherVaults() {
    const { progress, lastDone } = get();
    if (!isForSelectedVault(progress?.vault) || !isForSelectedVault(lastDone?.vault)) get().reset();
  },
}));
