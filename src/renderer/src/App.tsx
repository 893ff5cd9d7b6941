/** Shell: bootstraps from the backend, lays out sidebar / main / preview and owns the global shortcuts. */
import { useEffect } from 'react';
import { getApi } from './bridge/api.js';
import { Banners } from './components/Banners.js';
import { ChatView } from './components/ChatView.js';
import { IngestionLog } from './components/IngestionLog.js';
import { Onboarding } from './components/Onboarding.js';
import { SearchView } from './components/SearchView.js';
import { SettingsView } from './components/SettingsView.js';
import { Sidebar } from './components/Sidebar.js';
import { SourcePreview } from './components/SourcePreview.js';
import { useApp } from './store/appStore.js';
import { useChat } from './store/chatStore.js';
import { connectEvents } from './store/events.js';
import { useLog } from './store/logStore.js';
import { useOnboarding } from './store/onboardingStore.js';
import { usePreview } from './store/previewStore.js';

let booted = false;

/** Cmd/Ctrl+K → search; Esc → stop generating, else close the preview. */
function onGlobalKeyDown(e: KeyboardEvent): void {
  if ((e.metaKey || e.ctrlKey) && !e.altKey && e.key.toLowerCase() === 'k') {
    if (useApp.getState().vaults.length === 0) return;
    e.preventDefault();
    useApp.getState().focusSearch();
    return;
  }
  if (e.key === 'Escape' && !e.defaultPrevented) {
    if (useChat.getState().activeMessageId) {
      e.preventDefault();
      void useChat.getState().stop();
    } else if (useLog.getState().dialog) {
      useLog.getState().closeChunks();
    } else if (usePreview.getState().open) {
      usePreview.getState().close();
    }
  }
}

function MainView() {
  const view = useApp((s) => s.view);
  switch (view) {
    case 'onboarding':
      return <Onboarding />;
    case 'search':
      return <SearchView />;
    case 'log':
      return <IngestionLog />;
    case 'settings':
      return <SettingsView />;
    default:
      return <ChatView />;
  }
}

export function App() {
  const phase = useApp((s) => s.phase);
  const fatalError = useApp((s) => s.fatalError);
  const hasVaults = useApp((s) => s.vaults.length > 0);
  const view = useApp((s) => s.view);
  const firstRun = useOnboarding((s) => s.firstRun);
  const previewOpen = usePreview((s) => s.open);

  useEffect(() => connectEvents(getApi()), []);

  useEffect(() => {
    // StrictMode mounts twice in development; bootstrapping twice would race two vault:select calls.
    if (booted) return;
    booted = true;
    void useApp
      .getState()
      .bootstrap()
      .then(() => {
        const { vaults } = useApp.getState();
        if (vaults.length === 0) useOnboarding.getState().begin(true);
        if (vaults.some((v) => v.current)) void useChat.getState().loadThreads();
      });
  }, []);

  useEffect(() => {
    window.addEventListener('keydown', onGlobalKeyDown);
    return () => window.removeEventListener('keydown', onGlobalKeyDown);
  }, []);

  if (phase === 'loading') {
    return (
      <div className="splash" role="status">
        <span className="brand-mark large" aria-hidden="true">
          ◆
        </span>
        <span className="muted">Starting ObsiQuery…</span>
      </div>
    );
  }

  if (phase === 'fatal') {
    return (
      <div className="splash" role="alert">
        <h1>Can’t reach ObsiQuery</h1>
        <p className="muted">{fatalError}</p>
        {!window.obsiquery && (
          <p className="muted small">
            In a browser, open the exact link printed by the server (it includes an access token).
          </p>
        )}
        <button type="button" className="primary" onClick={() => void useApp.getState().bootstrap()}>
          Try again
        </button>
      </div>
    );
  }

  if (!hasVaults || (view === 'onboarding' && firstRun)) {
    return (
      <div className="app solo">
        <main className="main">
          <Banners />
          <Onboarding />
        </main>
      </div>
    );
  }

  return (
    <div className={previewOpen ? 'app with-preview' : 'app'}>
      <Sidebar />
      <main className="main">
        <Banners />
        <MainView />
      </main>
      {previewOpen && <SourcePreview />}
    </div>
  );
}
