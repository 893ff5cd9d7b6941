/**
 * The add-a-vault flow. Kept in a store, not component state, because adding the first vault changes the app
 * layout (the sidebar appears) and the flow must survive that remount with its progress intact.
 */
import { create } from 'zustand';
import { errorMessage, getApi } from '../bridge/api.js';
import { useApp } from './appStore.js';
import { useSync } from './syncStore.js';

export type OnboardingStep =
  | { kind: 'idle' }
  | { kind: 'checking'; path: string }
  | { kind: 'adding'; path: string; noteCount: number }
  | { kind: 'indexing'; path: string; noteCount: number }
  | { kind: 'error'; message: string };

interface OnboardingState {
  step: OnboardingStep;
  /** True when the flow started with no vault at all: the app stays full-screen until the user moves on. */
  firstRun: boolean;
  begin(firstRun: boolean): void;
  addFolder(path: string): Promise<void>;
  fail(message: string): void;
  finish(): void;
}

export const useOnboarding = create<OnboardingState>()((set, get) => ({
  step: { kind: 'idle' },
  firstRun: false,

  begin(firstRun) {
    set({ step: { kind: 'idle' }, firstRun });
  },

  async addFolder(raw) {
    const path = raw.trim();
    const { step } = get();
    if (!path || step.kind === 'checking' || step.kind === 'adding') return;
    set({ step: { kind: 'checking', path } });
    const api = getApi();
    let inspected: { path: string; noteCount: number };
    try {
      inspected = await api.invoke('vault:inspect', { path });
    } catch (err) {
      set({ step: { kind: 'error', message: errorMessage(err) } });
      return;
    }
    const found = { path: inspected.path, noteCount: inspected.noteCount };
    set({ step: { kind: 'adding', ...found } });
    try {
      useSync.getState().reset();
      await api.invoke('vault:add', { path: found.path });
      set({ step: { kind: 'indexing', ...found } });
      await useApp.getState().refreshVaults();
      // Adding a vault starts its first sync on the backend; asking again would queue a second, empty run.
      useSync.setState({ running: true });
      void useApp.getState().refreshStatus();
    } catch (err) {
      set({ step: { kind: 'error', message: errorMessage(err) } });
    }
  },

  fail(message) {
    set({ step: { kind: 'error', message } });
  },

  finish() {
    set({ step: { kind: 'idle' }, firstRun: false });
  },
}));
