/**
 * App-wide state: which vaults exist, which screen is showing, the backend status, and the banners. The other
 * stores own their own screens; this one only decides which is visible.
 */
import { create } from 'zustand';
import type { Res, StatusT } from '../../../shared/contract.js';
import { errorMessage, getApi } from '../bridge/api.js';
import { throttle } from '../lib/timing.js';

export type View = 'onboarding' | 'chat' | 'search' | 'log' | 'settings';
export type VaultInfo = Res<'vault:list'>[number];

interface AppState {
  phase: 'loading' | 'ready' | 'fatal';
  fatalError: string | null;
  view: View;
  vaults: VaultInfo[];
  status: StatusT | null;
  /** Message of the last indexer crash, until dismissed. */
  crash: string | null;
  repairsDismissed: boolean;
  /** A transient problem worth telling the user about (a failed vault switch, …). */
  notice: string | null;
  /** False while the web bridge's event socket is down. */
  connected: boolean;
  /** Bumped to ask the search box to take focus (Cmd/Ctrl+K). */
  searchFocusRequest: number;

  bootstrap(): Promise<void>;
  setView(view: View): void;
  refreshVaults(): Promise<VaultInfo[]>;
  refreshStatus(): Promise<void>;
  selectVault(vault: string): Promise<void>;
  focusSearch(): void;
  setCrash(message: string | null): void;
  dismissRepairs(): void;
  setNotice(message: string | null): void;
  setConnected(connected: boolean): void;
}

export const useApp = create<AppState>()((set, get) => ({
  phase: 'loading',
  fatalError: null,
  view: 'chat',
  vaults: [],
  status: null,
  crash: null,
  repairsDismissed: false,
  notice: null,
  connected: true,
  searchFocusRequest: 0,

  async bootstrap() {
    set({ phase: 'loading', fatalError: null });
    let vaults: VaultInfo[];
    try {
      vaults = await get().refreshVaults();
    } catch (err) {
      set({ phase: 'fatal', fatalError: errorMessage(err) });
      return;
    }
    if (vaults.length === 0) {
      set({ phase: 'ready', view: 'onboarding' });
      return;
    }
    // Known vaults but none open (e.g. the last one failed to reopen at start-up): open the first that works.
    if (!vaults.some((v) => v.current)) {
      try {
        await getApi().invoke('vault:select', { vault: vaults[0]!.vault });
        await get().refreshVaults();
      } catch (err) {
        set({ notice: `Could not open ${vaults[0]!.vault}: ${errorMessage(err)}` });
      }
    }
    set({ phase: 'ready', view: 'chat' });
    await get().refreshStatus();
  },

  setView(view) {
    set({ view });
  },

  async refreshVaults() {
    const vaults = await getApi().invoke('vault:list', {});
    set({ vaults });
    return vaults;
  },

  async refreshStatus() {
    try {
      set({ status: await getApi().invoke('status:get', {}) });
    } catch (err) {
      // Status is decoration; a failure here must not take the screen down.
      console.warn('status:get failed', err);
    }
  },

  async selectVault(vault) {
    if (get().vaults.find((v) => v.current)?.vault === vault) return;
    try {
      await getApi().invoke('vault:select', { vault });
      set({ notice: null, repairsDismissed: false });
    } catch (err) {
      set({ notice: `Could not switch to ${vault}: ${errorMessage(err)}` });
    }
    await get()
      .refreshVaults()
      .catch(() => undefined);
    await get().refreshStatus();
  },

  focusSearch() {
    set((s) => ({ view: s.vaults.length === 0 ? s.view : 'search', searchFocusRequest: s.searchFocusRequest + 1 }));
  },

  setCrash(message) {
    set({ crash: message });
  },

  dismissRepairs() {
    set({ repairsDismissed: true });
  },

  setNotice(message) {
    set({ notice: message });
  },

  setConnected(connected) {
    set({ connected });
  },
}));

/** Status is refetched on every progress event; once a second is plenty for counters. */
export const refreshStatusSoon = throttle(() => void useApp.getState().refreshStatus(), 1000);

export function currentVault(vaults: VaultInfo[]): VaultInfo | undefined {
  return vaults.find((v) => v.current);
}
