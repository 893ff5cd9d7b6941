/** Problems worth interrupting for: an indexer crash, repairs made to the index, a lost connection. */
import { useApp } from '../store/appStore.js';
import { AlertIcon, CloseIcon } from './Icons.js';

// A stable empty list: a fresh [] from a selector on every call would re-render forever.
const NO_REPAIRS: string[] = [];

function Banner({
  kind,
  children,
  onDismiss,
}: {
  kind: 'error' | 'warn' | 'info';
  children: React.ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <div className={`banner ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <AlertIcon />
      <div className="banner-text">{children}</div>
      {onDismiss && (
        <button type="button" className="icon-button" aria-label="Dismiss" onClick={onDismiss}>
          <CloseIcon size={14} />
        </button>
      )}
    </div>
  );
}

export function Banners() {
  const crash = useApp((s) => s.crash);
  const repairs = useApp((s) => s.status?.repairs ?? NO_REPAIRS);
  const repairsDismissed = useApp((s) => s.repairsDismissed);
  const notice = useApp((s) => s.notice);
  const connected = useApp((s) => s.connected);
  const { setCrash, dismissRepairs, setNotice } = useApp.getState();
  return (
    <div className="banners">
      {!connected && <Banner kind="warn">Lost connection to ObsiQuery. Reconnecting…</Banner>}
      {crash !== null && (
        <Banner kind="error" onDismiss={() => setCrash(null)}>
          The indexer crashed and was restarted: {crash}
        </Banner>
      )}
      {repairs.length > 0 && !repairsDismissed && (
        <Banner kind="info" onDismiss={dismissRepairs}>
          {repairs.length === 1 ? 'The index was repaired: ' : 'The index was repaired:'}
          {repairs.length === 1 ? (
            repairs[0]
          ) : (
            <ul>
              {repairs.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ul>
          )}
        </Banner>
      )}
      {notice && (
        <Banner kind="warn" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
    </div>
  );
}
