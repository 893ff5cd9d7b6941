/**
 * The only bridge between the sandboxed renderer and the main process. It exposes exactly the typed
 * contract (invoke known channels, listen to known events) and nothing else of Node or Electron.
 *
 * A sandboxed preload may `require` only electron, events, timers and url, so this file imports the channel
 * names alone (no zod): the main process validates every payload against the contract, and the renderer
 * validates what comes back. test/shell/preload.test.ts loads the built file under exactly those rules.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { isEventChannel, isRequestChannel } from '../shared/channels.js';
import type { ObsiQueryApi } from '../shared/contract.js';

const api: ObsiQueryApi & { pathForFile(file: File): string } = {
  invoke(channel, request) {
    if (!isRequestChannel(channel)) return Promise.reject(new Error(`Unknown channel ${String(channel)}`));
    return ipcRenderer.invoke(channel, request);
  },
  on(event, listener) {
    if (!isEventChannel(event)) throw new Error(`Unknown event ${String(event)}`);
    const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(event, wrapped);
    return () => {
      ipcRenderer.removeListener(event, wrapped);
    };
  },
  // Dropped folders: with contextIsolation, File.path is gone; webUtils is the supported way to get it.
  pathForFile: (file) => webUtils.getPathForFile(file),
};

contextBridge.exposeInMainWorld('obsiquery', api);
