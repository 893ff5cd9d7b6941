/**
 * Settings → Data: pause/resume syncing and "Re-index this vault". Pause is the backend's one state (the tray
 * toggles the same one, and `sync:paused` tells every UI). Re-index re-embeds every note, changed or not, and
 * asks first: on a large vault it takes as long as the first sync. Its progress shows like any sync's.
 */
import { useEffect, useState } from 'react';
import { errorMessage, getApi } from '../bridge/api.js';
import { plural } from '../lib/format.js';
import { useApp } from '../store/appStore.js';

export function IndexControls() {
  const status = useApp((s) => s.status);
  const [paused, setPaused] = useState(status?.paused ?? false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const notes = status?.counts.total ?? 0;

  useEffect(() => setPaused(status?.paused ?? false), [status?.paused]);
  useEffect(() => getApi().on('sync:paused', (p) => setPaused(p.paused)), []);

  async function togglePause(): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      const r = await getApi().invoke('sync:pause', { paused: !paused });
      setPaused(r.paused);
      void useApp.getState().refreshStatus();
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  async function reindex(): Promise<void> {
    setConfirming(false);
    setBusy(true);
    setMessage(null);
    try {
      const r = await getApi().invoke('sync:start', { reindex: true });
      setMessage({
        kind: 'ok',
        text: r.started ? 'Re-indexing your vault.' : 'Re-indexing starts when the current sync finishes.',
      });
      void useApp.getState().refreshStatus();
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="index-controls">
      <div className="path-row">
        <button type="button" onClick={() => void togglePause()} disabled={busy} aria-pressed={paused}>
          {paused ? 'Resume syncing' : 'Pause syncing'}
        </button>
        {!confirming && (
          <button type="button" onClick={() => setConfirming(true)} disabled={busy || paused}>
            Re-index this vault
          </button>
        )}
      </div>
      {paused && <p className="help">Syncing is paused: changes in your vault are picked up when you resume.</p>}
      {confirming && (
        <div className="confirm" role="alertdialog" aria-label="Re-index this vault?">
          <p>
            Re-embed all {plural(notes, 'note', 'notes')} from scratch? Search keeps working meanwhile; on a large vault
            this takes as long as the first sync.
          </p>
          <div className="path-row">
            <button type="button" className="primary" onClick={() => void reindex()}>
              Re-index
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {message && (
        <p
          className={message.kind === 'ok' ? 'ok-text' : 'error-text'}
          role={message.kind === 'ok' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
