/**
 * The only bridge between the sandboxed renderer and the main process. It exposes exactly the typed
 * contract (invoke known channels, listen to known events) and nothing else of Node or Electron.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { events, isRequestChannel, type EventChannel, type ObsiQueryApi } from '../shared/contract.js';

const api: ObsiQueryApi & { pathForFile(file: File): string } = {
  invoke(channel, request) {
    if (!isRequestChannel(channel)) return Promise.reject(new Error(`Unknown channel ${String(channel)}`));
    return ipcRenderer.invoke(channel, request);
  },
  on(event, listener) {
    if (!Object.prototype.hasOwnProperty.call(events, event)) throw new Error(`Unknown event ${String(event)}`);
    const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(event as EventChannel, wrapped);
    return () => ipcRenderer.removeListener(event, wrapped);
  },
  // Dropped folders: with contextIsolation, File.path is gone; webUtils is the supported way to get it.
  pathForFile: (file) => webUtils.getPathForFile(file),
};

contextBridge.exposeInMainWorld('obsiquery', api);
