/**
 * The pipeline worker: runs syncs off the UI's process. Electron starts it with utilityProcess.fork (messages
 * over process.parentPort); the web server and tests start it with child_process.fork (process.send). It
 * imports nothing from Electron, so both hosts run the very same code.
 */
import os from 'node:os';
import type { FromWorker, ToWorker } from '../shared/workerProtocol.js';
import { VaultService } from '../services/vaultService.js';

type ParentPort = { postMessage(m: unknown): void; on(e: 'message', fn: (ev: { data: unknown }) => void): void };
const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

function send(message: FromWorker): void {
  if (parentPort) parentPort.postMessage(message);
  else process.send?.(message);
}

// Indexing is background work: a lower priority keeps the window and the chat responsive on 2 cores.
try {
  os.setPriority(process.pid, 10);
} catch {
  // not permitted on some systems; indexing still works
}

const services = new Map<string, Promise<VaultService>>();
let queue = Promise.resolve();

async function handle(msg: ToWorker): Promise<void> {
  if (msg.type === 'shutdown') {
    for (const s of services.values()) (await s).close();
    process.exit(0);
  }
  if (msg.type !== 'sync') return;
  try {
    let servicePromise = services.get(msg.dataDir);
    if (!servicePromise || msg.reindex) {
      // A reindex reopens the index with the selected embedding model (a model change resets the index).
      if (servicePromise) (await servicePromise.catch(() => null))?.close();
      servicePromise = VaultService.open({ vault: msg.vault, dataDir: msg.dataDir, reindex: msg.reindex });
      services.set(msg.dataDir, servicePromise);
    }
    const service = await servicePromise;
    const offProgress = service.onProgress((progress) => send({ type: 'progress', progress }));
    const offChanged = service.onFilesChanged((ids) => send({ type: 'filesChanged', ids }));
    try {
      const summary = await service.sync({ reindex: msg.reindex });
      send({ type: 'done', summary, repairs: service.index.repairs });
    } finally {
      offProgress();
      offChanged();
    }
  } catch (err) {
    services.delete(msg.dataDir);
    send({ type: 'error', message: (err as Error).message });
  }
}

function onMessage(data: unknown): void {
  const msg = data as ToWorker;
  if (msg.type === 'cancel') {
    for (const s of services.values()) void s.then((service) => service.cancel()).catch(() => undefined);
    return;
  }
  // Syncs run one after another; the host already coalesces bursts of requests.
  queue = queue.then(() => handle(msg));
}

if (parentPort) parentPort.on('message', (ev) => onMessage(ev.data));
else process.on('message', onMessage);
send({ type: 'ready' });
