import cliProgress from 'cli-progress';
import type { SyncProgress } from '../pipeline/sync.js';

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** The index's embedding model and, when recorded, how and why it was chosen: "m (detected: large English vault: …)". */
export function describeEmbeddingModel(st: {
  embeddingModel: string;
  embeddingModelSource?: string | null;
  embeddingModelReason?: string | null;
}): string {
  const why = [st.embeddingModelSource, st.embeddingModelReason].filter(Boolean).join(': ');
  return why ? `${st.embeddingModel} (${why})` : st.embeddingModel;
}

/** A progress bar on a terminal; occasional plain lines when output is piped (CI logs, tests). */
export function syncProgressReporter(enabled: boolean): { update(p: SyncProgress): void; stop(): void } {
  if (!enabled) return { update() {}, stop() {} };
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format: 'Indexing |{bar}| {value}/{total} files · {rate} chunks/s · ETA {eta_h}',
        etaBuffer: 50,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(p) {
        if (p.phase !== 'indexing') return;
        if (!started) {
          bar.start(Math.max(p.filesTotal, 1), 0, { rate: '0', eta_h: '…' });
          started = true;
        }
        bar.update(p.filesDone, {
          rate: p.chunksPerSec.toFixed(0),
          eta_h: p.etaSeconds === null ? '…' : `${Math.ceil(p.etaSeconds)}s`,
        });
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let last = 0;
  return {
    update(p) {
      const now = Date.now();
      if (p.phase === 'indexing' && p.filesTotal > 0 && (now - last > 2000 || p.filesDone === p.filesTotal)) {
        last = now;
        process.stderr.write(
          `indexing ${p.filesDone}/${p.filesTotal} files, ${p.chunksPerSec.toFixed(0)} chunks/s, ETA ${p.etaSeconds === null ? '?' : Math.ceil(p.etaSeconds) + 's'}\n`,
        );
      }
    },
    stop() {},
  };
}
