/**
 * First run (and "Add vault…"): pick a folder by drag-and-drop, native picker or typed path; check it holds
 * notes, add it, start indexing and show live progress. Chat opens as soon as the first notes are in.
 */
import { useState, type DragEvent, type FormEvent } from 'react';
import { errorMessage, getApi, isDesktop } from '../bridge/api.js';
import { plural } from '../lib/format.js';
import { useApp } from '../store/appStore.js';
import { useChat } from '../store/chatStore.js';
import { useOnboarding } from '../store/onboardingStore.js';
import { useSync } from '../store/syncStore.js';
import { SyncProgressBar } from './SyncProgressBar.js';
import { FolderIcon } from './Icons.js';
import { FolderBrowser } from './FolderBrowser.js';

/** With contextIsolation, File.path is gone; the preload's webUtils-based helper is the supported way. */
function droppedPath(file: File): string | null {
  const api = getApi();
  try {
    const viaHost = api.pathForFile?.(file);
    if (viaHost) return viaHost;
  } catch {
    // fall through to the legacy property
  }
  const legacy = (file as File & { path?: unknown }).path;
  return typeof legacy === 'string' && legacy ? legacy : null;
}

export function Onboarding() {
  const step = useOnboarding((s) => s.step);
  const firstRun = useOnboarding((s) => s.firstRun);
  const { addFolder, fail, finish } = useOnboarding.getState();
  const [typedPath, setTypedPath] = useState('');
  const [dragging, setDragging] = useState(false);
  const hasVaults = useApp((s) => s.vaults.length > 0);
  const setView = useApp((s) => s.setView);
  const completed = useApp((s) => s.status?.counts.completed ?? 0);
  const progress = useSync((s) => s.progress);
  const lastDone = useSync((s) => s.lastDone);

  const busy = step.kind === 'checking' || step.kind === 'adding';

  async function chooseFolder(): Promise<void> {
    try {
      const { path } = await getApi().invoke('vault:pickFolder', {});
      if (path) await addFolder(path);
      else if (!isDesktop()) fail('The folder picker is only available in the desktop app. Type the path below.');
    } catch (err) {
      fail(errorMessage(err));
    }
  }

  function onDrop(e: DragEvent<HTMLDivElement>): void {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (!file) return;
    const path = droppedPath(file);
    if (path) void addFolder(path);
    else fail('This browser does not reveal where a dropped folder lives. Type its path below instead.');
  }

  function onSubmit(e: FormEvent): void {
    e.preventDefault();
    void addFolder(typedPath);
  }

  const indexing = step.kind === 'indexing';
  // Searchable means committed: a note counted as embedded is not yet in the index.
  const canChat = indexing && (completed > 0 || lastDone !== null);
  const finished = indexing && lastDone !== null && !lastDone.error;
  const desktop = isDesktop();
  const startChatting = () => {
    finish();
    void useChat.getState().loadThreads();
    setView('chat');
  };

  return (
    <div className="onboarding">
      <div className="onboarding-card">
        <header className="onboarding-head">
          <span className="brand-mark large" aria-hidden="true">
            ◆
          </span>
          <h1>
            {finished
              ? 'Your vault is ready'
              : indexing
                ? 'Indexing your vault'
                : firstRun
                  ? 'Ask your Obsidian vault anything'
                  : 'Add another vault'}
          </h1>
          <p className="muted">
            ObsiQuery indexes your notes on this computer and answers with citations. Nothing leaves your machine.
          </p>
        </header>

        {!indexing && (
          <>
            {/* Dropping a folder and the native picker need the desktop app; a browser cannot give a path. */}
            {desktop ? (
              <div
                className={dragging ? 'drop-zone dragging' : 'drop-zone'}
                role="region"
                aria-label="Drop your vault folder here"
                onDragEnter={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragOver={(e) => {
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'copy';
                }}
                onDragLeave={(e) => {
                  if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
                }}
                onDrop={onDrop}
              >
                <FolderIcon size={28} />
                <p className="drop-title">Drop your vault folder here</p>
                <p className="muted small">or</p>
                <button type="button" className="primary" onClick={() => void chooseFolder()} disabled={busy}>
                  Choose folder…
                </button>
              </div>
            ) : (
              <FolderBrowser disabled={busy} onChoose={(p) => void addFolder(p)} />
            )}

            <form className="path-form" onSubmit={onSubmit}>
              <label htmlFor="vault-path">Vault path</label>
              <div className="path-row">
                <input
                  id="vault-path"
                  type="text"
                  placeholder="/Users/you/Documents/My Vault"
                  value={typedPath}
                  onChange={(e) => setTypedPath(e.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                />
                <button type="submit" disabled={busy || !typedPath.trim()}>
                  Use this folder
                </button>
              </div>
            </form>
          </>
        )}

        <div className="onboarding-status" role="status" aria-live="polite">
          {step.kind === 'checking' && <p className="muted">Looking for notes in {step.path}…</p>}
          {(step.kind === 'adding' || step.kind === 'indexing') && (
            <p className="found">
              <strong>{plural(step.noteCount, 'markdown note', 'markdown notes')} found</strong>
              <span className="muted"> in {step.path}</span>
            </p>
          )}
        </div>
        {step.kind === 'error' && (
          <p className="error-text" role="alert">
            {step.message}
          </p>
        )}

        {indexing && (
          <div className="onboarding-progress">
            <SyncProgressBar progress={progress} />
            {lastDone?.error && (
              <p className="error-text" role="alert">
                Indexing stopped: {lastDone.error}
              </p>
            )}
            <div className="onboarding-actions">
              <p className="muted small">
                {finished
                  ? 'Every note is indexed. Ask away.'
                  : canChat
                    ? 'You can start asking now; the rest of your notes will keep indexing in the background.'
                    : 'Chat opens as soon as the first notes are indexed.'}
              </p>
              <button type="button" className="primary" disabled={!canChat} onClick={startChatting}>
                Start chatting
              </button>
            </div>
          </div>
        )}

        {hasVaults && !indexing && (
          <button
            type="button"
            className="ghost back-link"
            onClick={() => {
              finish();
              setView('chat');
            }}
          >
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
