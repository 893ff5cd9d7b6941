/** Left column: vault switcher, navigation, the conversation list and a quiet index status line. */
import { currentVault, useApp, type View } from '../store/appStore.js';
import { useChat } from '../store/chatStore.js';
import { useOnboarding } from '../store/onboardingStore.js';
import { usePreview } from '../store/previewStore.js';
import { useSync } from '../store/syncStore.js';
import { baseName, formatNumber } from '../lib/format.js';
import { isMac } from '../lib/platform.js';
import { ChatIcon, GearIcon, ListIcon, PlusIcon, SearchIcon, VaultIcon } from './Icons.js';

const NAV: { view: View; label: string; icon: () => React.JSX.Element; hint?: string }[] = [
  { view: 'chat', label: 'Chat', icon: () => <ChatIcon /> },
  { view: 'search', label: 'Search', icon: () => <SearchIcon />, hint: isMac() ? '⌘K' : 'Ctrl K' },
  { view: 'log', label: 'Ingestion log', icon: () => <ListIcon /> },
  { view: 'settings', label: 'Settings', icon: () => <GearIcon /> },
];

function VaultSwitcher() {
  const vaults = useApp((s) => s.vaults);
  const selectVault = useApp((s) => s.selectVault);
  const setView = useApp((s) => s.setView);
  const current = currentVault(vaults);
  return (
    <div className="vault-switcher">
      <div className="vault-select">
        <VaultIcon size={18} />
        <select
          aria-label="Vault"
          value={current?.vault ?? ''}
          onChange={(e) => void selectVault(e.target.value)}
          title={current?.vault}
        >
          {!current && <option value="">Choose a vault…</option>}
          {vaults.map((v) => (
            <option key={v.vault} value={v.vault}>
              {baseName(v.vault)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="ghost small add-vault"
        onClick={() => {
          useOnboarding.getState().begin(false);
          setView('onboarding');
        }}
      >
        <PlusIcon size={14} />
        Add vault…
      </button>
    </div>
  );
}

function ConversationList() {
  const threads = useChat((s) => s.threads);
  const threadId = useChat((s) => s.threadId);
  const openThread = useChat((s) => s.openThread);
  const newChat = useChat((s) => s.newChat);
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  return (
    <div className="conversations">
      <button
        type="button"
        className="new-chat"
        onClick={() => {
          newChat();
          setView('chat');
        }}
      >
        <PlusIcon size={15} />
        New chat
      </button>
      {threads.length > 0 && (
        <ul className="thread-list" aria-label="Conversations">
          {threads.map((t) => {
            const active = view === 'chat' && t.threadId === threadId;
            return (
              <li key={t.threadId}>
                <button
                  type="button"
                  className={active ? 'thread active' : 'thread'}
                  aria-current={active ? 'true' : undefined}
                  title={t.title}
                  onClick={() => {
                    setView('chat');
                    if (t.threadId !== threadId) void openThread(t.threadId);
                  }}
                >
                  {t.title || 'Untitled conversation'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function IndexStatus() {
  const status = useApp((s) => s.status);
  const progress = useSync((s) => s.progress);
  const running = useSync((s) => s.running);
  const setView = useApp((s) => s.setView);
  const online = useApp((s) => s.connected);
  const syncing = online && (running || status?.syncing);
  const counts = status?.counts;
  let text = 'No index yet';
  // Offline, the last counts are stale: say so instead of showing them as current.
  if (!online) text = 'Offline: reconnecting…';
  else if (syncing && progress && progress.filesTotal > 0) {
    text = `Indexing ${formatNumber(progress.filesDone)} / ${formatNumber(progress.filesTotal)}`;
  } else if (syncing) text = 'Indexing…';
  else if (counts) text = `${formatNumber(counts.completed)} notes · ${formatNumber(counts.chunks)} chunks`;
  const pct = progress && progress.filesTotal > 0 ? (progress.filesDone / progress.filesTotal) * 100 : 0;
  return (
    // Named "Index status" (the counts are its description) so its name never collides with the log's
    // per-row "Chunks" buttons for people and tests looking controls up by name.
    <button
      type="button"
      className="index-status"
      onClick={() => setView('log')}
      aria-label="Index status"
      aria-describedby="index-status-text"
    >
      <span
        className={!online ? 'dot offline' : syncing ? 'dot busy' : counts && counts.failed > 0 ? 'dot warn' : 'dot ok'}
        aria-hidden="true"
      />
      <span id="index-status-text" className="index-status-text">
        {text}
      </span>
      {syncing && (
        <span className="mini-bar" aria-hidden="true">
          <span style={{ width: `${pct}%` }} />
        </span>
      )}
    </button>
  );
}

export function Sidebar() {
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  const focusSearch = useApp((s) => s.focusSearch);
  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◆
        </span>
        ObsiQuery
      </div>
      <VaultSwitcher />
      <nav aria-label="Main">
        <ul className="nav-list">
          {NAV.map((item) => (
            <li key={item.view}>
              <button
                type="button"
                className={view === item.view ? 'nav-item active' : 'nav-item'}
                aria-current={view === item.view ? 'page' : undefined}
                onClick={() => {
                  // The preview belongs to reading (chat, search); on the log or settings it only takes space.
                  if (item.view === 'log' || item.view === 'settings') usePreview.getState().close();
                  if (item.view === 'search') focusSearch();
                  else setView(item.view);
                }}
              >
                {item.icon()}
                <span>{item.label}</span>
                {item.hint && (
                  <kbd className="hint" aria-hidden="true">
                    {item.hint}
                  </kbd>
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <ConversationList />
      <IndexStatus />
    </aside>
  );
}
