/**
 * The file table of the ingestion log. Virtualised (a vault can have tens of thousands of notes) but still a
 * proper ARIA table: header cells announce their sort order and every row knows its index.
 */
import { useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { LogRowT } from '../../../shared/contract.js';
import { formatDateTime, formatNumber, formatRelative, formatStamp } from '../lib/format.js';
import { useLog, type SortKey } from '../store/logStore.js';

const ROW_HEIGHT = 44;

const COLUMNS: { key: SortKey | null; label: string; className: string }[] = [
  { key: null, label: 'Enabled', className: 'col-enabled' },
  { key: 'source', label: 'Path', className: 'col-path' },
  { key: 'status', label: 'Status', className: 'col-status' },
  { key: 'num_chunks', label: 'Chunks', className: 'col-chunks' },
  { key: 'last_modified', label: 'Last modified', className: 'col-date' },
  { key: 'last_ingested', label: 'Last ingested', className: 'col-date' },
  { key: 'error_message', label: 'Error', className: 'col-error' },
  { key: null, label: 'Actions', className: 'col-actions' },
];

function HeaderCell({ column }: { column: (typeof COLUMNS)[number] }) {
  const sortKey = useLog((s) => s.sortKey);
  const sortDir = useLog((s) => s.sortDir);
  const sortBy = useLog((s) => s.sortBy);
  const key = column.key;
  if (!key) {
    return (
      <div role="columnheader" className={`cell ${column.className}`}>
        {/* The checkbox column is self-explanatory visually; its name is for screen readers. */}
        <span className={column.label === 'Enabled' ? 'visually-hidden' : undefined}>{column.label}</span>
      </div>
    );
  }
  const active = sortKey === key;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      sortBy(key);
    }
  };
  // The header cell itself is the sort control (no nested button), so "Chunks" stays unambiguous as the name
  // of the per-row button.
  return (
    <div
      role="columnheader"
      className={`cell sortable ${column.className}${active ? ' sorted' : ''}`}
      aria-sort={active ? (sortDir === 'asc' ? 'ascending' : 'descending') : 'none'}
      tabIndex={0}
      onClick={() => sortBy(key)}
      onKeyDown={onKeyDown}
    >
      {column.label}
      <span className="sort-arrow" aria-hidden="true">
        {active ? (sortDir === 'asc' ? '↑' : '↓') : '↕'}
      </span>
    </div>
  );
}

function splitPath(source: string): { dir: string; name: string } {
  const i = source.lastIndexOf('/');
  return i === -1 ? { dir: '', name: source } : { dir: source.slice(0, i + 1), name: source.slice(i + 1) };
}

function Row({ row, index, top }: { row: LogRowT; index: number; top: number }) {
  const setEnabled = useLog((s) => s.setEnabled);
  const retry = useLog((s) => s.retry);
  const showChunks = useLog((s) => s.showChunks);
  const rowError = useLog((s) => s.rowErrors[row.source]);
  const { dir, name } = splitPath(row.source);
  const error = rowError ?? row.error_message;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={row.is_enabled ? 'row' : 'row disabled'}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
    >
      <div role="cell" className="cell col-enabled">
        <input
          type="checkbox"
          checked={row.is_enabled}
          aria-label={`Enabled: ${row.source}`}
          onChange={(e) => void setEnabled(row.source, e.target.checked)}
        />
      </div>
      <div role="cell" className="cell col-path" title={row.source}>
        <span className="path-dir">{dir}</span>
        <span className="path-name">{name}</span>
      </div>
      <div role="cell" className="cell col-status">
        <span className={`pill status-${row.status}`}>{row.status}</span>
        {!row.is_enabled && <span className="pill status-disabled">disabled</span>}
      </div>
      <div role="cell" className="cell col-chunks num">
        {row.num_chunks === null ? '—' : formatNumber(row.num_chunks)}
      </div>
      <div role="cell" className="cell col-date" title={formatDateTime(row.last_modified)}>
        {formatStamp(row.last_modified)}
      </div>
      <div role="cell" className="cell col-date" title={formatDateTime(row.last_ingested)}>
        {row.last_ingested ? formatRelative(row.last_ingested) : '—'}
      </div>
      <div role="cell" className={error ? 'cell col-error has-error' : 'cell col-error'} title={error ?? undefined}>
        {error ?? ''}
      </div>
      <div role="cell" className="cell col-actions">
        {row.status === 'failed' && (
          <button type="button" className="small" onClick={() => void retry(row.source)}>
            Retry
          </button>
        )}
        <button
          type="button"
          className="small ghost"
          onClick={() => void showChunks(row.source)}
          disabled={!row.num_chunks}
          title={row.num_chunks ? 'Show this file’s chunks' : 'Not indexed yet'}
        >
          Chunks
        </button>
      </div>
    </div>
  );
}

export function LogTable({ rows, total }: { rows: LogRowT[]; total: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Lets the first frame (and non-layout environments such as tests) render rows before measuring.
    initialRect: { width: 1200, height: 800 },
    getItemKey: (i) => rows[i]?.id ?? i,
  });
  return (
    <div
      className="log-table"
      ref={scrollRef}
      role="table"
      aria-label="Ingested files"
      aria-rowcount={rows.length + 1}
      aria-describedby="log-count"
    >
      <div role="rowgroup" className="log-head">
        <div role="row" aria-rowindex={1} className="row head">
          {COLUMNS.map((c) => (
            <HeaderCell key={c.label} column={c} />
          ))}
        </div>
      </div>
      <div role="rowgroup" className="log-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          return row ? <Row key={row.id} row={row} index={item.index} top={item.start} /> : null;
        })}
      </div>
      {rows.length === 0 && (
        <p className="table-empty muted">{total === 0 ? 'No files indexed yet.' : 'No files match these filters.'}</p>
      )}
    </div>
  );
}
