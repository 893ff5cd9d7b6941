/** Routes backend events into the stores. Subscribed once, for the life of the window. */
import type { RendererApi } from '../bridge/api.js';
import { refreshStatusSoon, useApp } from './appStore.js';
import { useChat } from './chatStore.js';
import { refetchLogSoon, useLog } from './logStore.js';
import { usePreview } from './previewStore.js';
import { useSearch } from './searchStore.js';
import { useSync } from './syncStore.js';

/** Everything shown belongs to one vault; after a switch, drop it all and load the new vault's. */
export async function onVaultChanged(): Promise<void> {
  useChat.getState().reset();
  useLog.getState().reset();
  useSearch.getState().reset();
  useSync.getState().reset(); // the previous vault's progress is not this one's
  usePreview.getState().close();
  const app = useApp.getState();
  const vaults = await app.refreshVaults().catch(() => app.vaults);
  // Events of the vault switched away from may have arrived while the list was loading.
  useSync.getState().dropOtherVaults();
  await app.refreshStatus();
  if (vaults.some((v) => v.current)) {
    void useChat.getState().loadThreads();
    if (useApp.getState().view === 'log') void useLog.getState().fetch();
  }
}

export function connectEvents(api: RendererApi): () => void {
  const offs = [
    api.on('sync:progress', (progress) => {
      useSync.getState().onProgress(progress);
      refetchLogSoon();
      refreshStatusSoon();
    }),
    api.on('sync:done', (done) => {
      useSync.getState().onDone(done);
      refetchLogSoon();
      void useApp.getState().refreshStatus();
    }),
    api.on('log:changed', () => {
      refetchLogSoon();
      refreshStatusSoon();
    }),
    api.on('chat:token', (payload) => useChat.getState().handle({ kind: 'token', payload })),
    api.on('chat:step', (payload) => useChat.getState().handle({ kind: 'step', payload })),
    api.on('chat:sources', (payload) => useChat.getState().handle({ kind: 'sources', payload })),
    api.on('chat:notice', (payload) => useChat.getState().handle({ kind: 'notice', payload })),
    api.on('chat:done', (payload) => useChat.getState().handle({ kind: 'done', payload })),
    api.on('chat:error', (payload) => useChat.getState().handle({ kind: 'error', payload })),
    api.on('worker:crashed', ({ message }) => {
      useApp.getState().setCrash(message);
      void useApp.getState().refreshStatus();
    }),
    api.on('vault:changed', () => void onVaultChanged()),
  ];
  if (api.onConnectionChange) {
    offs.push(
      api.onConnectionChange((connected) => {
        useApp.getState().setConnected(connected);
        // Events sent while the socket was down are gone; refetch what they would have updated.
        if (connected && useApp.getState().phase === 'ready') {
          void useApp.getState().refreshStatus();
          refetchLogSoon();
        }
      }),
    );
  }
  return () => {
    for (const off of offs) off();
  };
}
