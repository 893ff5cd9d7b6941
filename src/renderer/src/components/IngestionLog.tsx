/** Ingestion log screen: index health at a glance, the last sync, and every file with its state. */
import { useEffect, useMemo } from 'react';
import { syncSummary, type StatusT } from '../../../shared/contract.js';
import { formatDuration, formatNumber, formatRelative } from '../lib/format.js';
import { useApp } from '../store/appStore.js';
import { useLog, visibleRows, type StatusFilter } from '../store/logStore.js';
import { useSync } from '../store/syncStore.js';
import { ChunksDialog } from './ChunksDialog.js';
import { RefreshIcon, SearchIcon } from './Icons.js';
import { LogTable } from './LogTable.js';
import { SyncProgressBar } from './SyncProgressBar.js';

const CARDS: { key: keyof StatusT['counts']; label: string; filter?: StatusFilter }[] = [
  { key: 'completed', label: 'Completed', filter: 'completed' },
  { key: 'pending', label: 'Pending', filter: 'pending' },
  { key: 'processing', label: 'Processing', filter: 'processing' },
  { key: 'failed', label: 'Failed', filter: 'failed' },
  { key: 'disabled', label: 'Disabled', filter: 'disabled' },
  { key: 'chunks', label: 'Chunks' },
];

function LastSync({ lastSync }: { lastSync: StatusT['lastSync'] }) {
  if (!lastSync) return <p className="muted small">No sync has finished yet.</p>;
  const parsed = syncSummary.safeParse(lastSync.summary);
  const when = formatRelative(lastSync.finished_at ?? lastSync.started_at);
  if (!parsed.success) return <p className="muted small">Last sync {when}.</p>;
  const s = parsed.data;
  const parts = [
    `${formatNumber(s.added)} added`,
    `${formatNumber(s.modified)} modified`,
    `${formatNumber(s.deleted)} deleted`,
    `${formatNumber(s.unchanged)} unchanged`,
  ];
  return (
    <p className="last-sync small">
      <span className="muted">Last sync {when}:</span> {parts.join(' · ')}
      {s.failed > 0 && <span className="warn-text"> · {formatNumber(s.failed)} failed</span>}
      {s.links_refused > 0 && (
        <span className="muted"> · {formatNumber(s.links_refused)} links out of the vault not followed</span>
      )}
      <span className="muted">
        {' '}
        · +{formatNumber(s.chunks_added)} / −{formatNumber(s.chunks_deleted)} chunks in{' '}
        {formatDuration(s.duration_ms / 1000)}
      </span>
    </p>
  );
}

export function IngestionLog() {
  const status = useApp((s) => s.status);
  const rows = useLog((s) => s.rows);
  const loaded = useLog((s) => s.loaded);
  const error = useLog((s) => s.error);
  const statusFilter = useLog((s) => s.statusFilter);
  const pathFilter = useLog((s) => s.pathFilter);
  const sortKey = useLog((s) => s.sortKey);
  const sortDir = useLog((s) => s.sortDir);
  const { setStatusFilter, setPathFilter } = useLog.getState();
  const progress = useSync((s) => s.progress);
  const running = useSync((s) => s.running);
  const startError = useSync((s) => s.startError);
  const syncing = running || Boolean(status?.syncing);

  useEffect(() => {
    void useLog.getState().fetch();
    void useApp.getState().refreshStatus();
  }, []);

  const shown = useMemo(
    () => visibleRows(rows, { statusFilter, pathFilter, sortKey, sortDir }),
    [rows, statusFilter, pathFilter, sortKey, sortDir],
  );

  return (
    <section className="page log-page" aria-labelledby="log-title">
      <header className="page-head">
        <div>
          <h1 id="log-title">Ingestion log</h1>
          <p className="muted small mono">{status?.vault ?? ''}</p>
        </div>
        <button type="button" className="primary" onClick={() => void useSync.getState().start()} disabled={syncing}>
          <RefreshIcon size={15} />
          {syncing ? 'Syncing…' : 'Sync now'}
        </button>
      </header>

      <div className="stat-cards">
        {CARDS.map((c) => {
          const value = status?.counts[c.key] ?? 0;
          const active = c.filter !== undefined && statusFilter === c.filter;
          const body = (
            <>
              <span className={`stat-value${c.key === 'failed' && value > 0 ? ' warn-text' : ''}`}>
                {formatNumber(value)}
              </span>
              <span className="stat-label">{c.label}</span>
            </>
          );
          return c.filter ? (
            <button
              key={c.key}
              type="button"
              className={active ? 'stat-card active' : 'stat-card'}
              aria-pressed={active}
              onClick={() => setStatusFilter(active ? 'all' : c.filter!)}
            >
              {body}
            </button>
          ) : (
            <div key={c.key} className="stat-card static">
              {body}
            </div>
          );
        })}
      </div>

      <div className="log-sync">
        {syncing ? (
          <SyncProgressBar progress={progress} label="Sync progress" />
        ) : (
          <LastSync lastSync={status?.lastSync ?? null} />
        )}
        {startError && (
          <p className="error-text" role="alert">
            {startError}
          </p>
        )}
      </div>

      <div className="toolbar">
        <div className="search-field">
          <SearchIcon size={15} />
          <input
            type="search"
            aria-label="Filter by path"
            placeholder="Filter by path"
            value={pathFilter}
            onChange={(e) => setPathFilter(e.target.value)}
          />
        </div>
        <select
          aria-label="Status filter"
          value={statusFilter}
          onChange={(e) => setStatusFilter(e.target.value as StatusFilter)}
        >
          <option value="all">All statuses</option>
          <option value="completed">Completed</option>
          <option value="pending">Pending</option>
          <option value="processing">Processing</option>
          <option value="failed">Failed</option>
          <option value="disabled">Disabled</option>
        </select>
        <span id="log-count" className="muted small count">
          {loaded ? `Showing ${formatNumber(shown.length)} of ${formatNumber(rows.length)} files` : 'Loading…'}
        </span>
      </div>

      {error && (
        <p className="error-text" role="alert">
          Could not load the log: {error}
        </p>
      )}
      <LogTable rows={shown} total={rows.length} />
      <ChunksDialog />
    </section>
  );
}
