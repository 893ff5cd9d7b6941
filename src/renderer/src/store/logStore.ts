/** The ingestion log: every file's indexing state, with client-side sort and filter (10k rows sort in a blink). */
import { create } from 'zustand';
import type { LogRowT, Res } from '../../../shared/contract.js';
import { errorMessage, getApi } from '../bridge/api.js';
import { throttle } from '../lib/timing.js';

export type SortKey = 'source' | 'status' | 'num_chunks' | 'last_modified' | 'last_ingested' | 'error_message';
export type StatusFilter = 'all' | LogRowT['status'] | 'disabled';
export type ChunkView = Res<'log:chunks'>[number];

interface ChunksDialog {
  source: string;
  chunks: ChunkView[];
  loading: boolean;
  error: string | null;
}

interface LogState {
  rows: LogRowT[];
  loaded: boolean;
  loading: boolean;
  error: string | null;
  sortKey: SortKey;
  sortDir: 'asc' | 'desc';
  statusFilter: StatusFilter;
  pathFilter: string;
  rowErrors: Record<string, string>;
  dialog: ChunksDialog | null;

  fetch(): Promise<void>;
  sortBy(key: SortKey): void;
  setStatusFilter(filter: StatusFilter): void;
  setPathFilter(text: string): void;
  setEnabled(source: string, enabled: boolean): Promise<void>;
  retry(source: string): Promise<void>;
  showChunks(source: string): Promise<void>;
  closeChunks(): void;
  reset(): void;
}

let fetchSeq = 0;

export const useLog = create<LogState>()((set, get) => ({
  rows: [],
  loaded: false,
  loading: false,
  error: null,
  sortKey: 'source',
  sortDir: 'asc',
  statusFilter: 'all',
  pathFilter: '',
  rowErrors: {},
  dialog: null,

  async fetch() {
    const mine = ++fetchSeq;
    set({ loading: true });
    try {
      const rows = await getApi().invoke('log:list', {});
      if (mine === fetchSeq) set({ rows, loaded: true, loading: false, error: null });
    } catch (err) {
      if (mine === fetchSeq) set({ loading: false, error: errorMessage(err) });
    }
  },

  sortBy(key) {
    const { sortKey, sortDir } = get();
    if (key === sortKey) set({ sortDir: sortDir === 'asc' ? 'desc' : 'asc' });
    // Dates and counts are most useful newest/largest first.
    else set({ sortKey: key, sortDir: key === 'source' || key === 'status' ? 'asc' : 'desc' });
  },

  setStatusFilter(statusFilter) {
    set({ statusFilter });
  },

  setPathFilter(pathFilter) {
    set({ pathFilter });
  },

  async setEnabled(source, enabled) {
    const patch = (fn: (r: LogRowT) => LogRowT) =>
      set((s) => ({ rows: s.rows.map((r) => (r.source === source ? fn(r) : r)) }));
    patch((r) => ({ ...r, is_enabled: enabled }));
    try {
      const row = await getApi().invoke('log:setEnabled', { source, enabled });
      patch(() => row);
      set((s) => ({ rowErrors: withoutKey(s.rowErrors, source) }));
    } catch (err) {
      patch((r) => ({ ...r, is_enabled: !enabled }));
      set((s) => ({ rowErrors: { ...s.rowErrors, [source]: errorMessage(err) } }));
    }
  },

  async retry(source) {
    try {
      await getApi().invoke('log:retry', { source });
      set((s) => ({
        rows: s.rows.map((r) => (r.source === source ? { ...r, status: 'pending', error_message: null } : r)),
        rowErrors: withoutKey(s.rowErrors, source),
      }));
    } catch (err) {
      set((s) => ({ rowErrors: { ...s.rowErrors, [source]: errorMessage(err) } }));
    }
  },

  async showChunks(source) {
    set({ dialog: { source, chunks: [], loading: true, error: null } });
    try {
      const chunks = await getApi().invoke('log:chunks', { source });
      if (get().dialog?.source === source) set({ dialog: { source, chunks, loading: false, error: null } });
    } catch (err) {
      if (get().dialog?.source === source) {
        set({ dialog: { source, chunks: [], loading: false, error: errorMessage(err) } });
      }
    }
  },

  closeChunks() {
    set({ dialog: null });
  },

  reset() {
    fetchSeq++;
    set({ rows: [], loaded: false, loading: false, error: null, rowErrors: {}, dialog: null });
  },
}));

function withoutKey(record: Record<string, string>, key: string): Record<string, string> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}

/** Live updates arrive in bursts during a sync; at most two refetches a second keeps the table fresh and cheap. */
export const refetchLogSoon = throttle(() => {
  if (useLog.getState().loaded) void useLog.getState().fetch();
}, 500);

const STATUS_ORDER: Record<LogRowT['status'], number> = { failed: 0, processing: 1, pending: 2, completed: 3 };

function compare(a: LogRowT, b: LogRowT, key: SortKey): number {
  switch (key) {
    case 'source':
      return a.source.localeCompare(b.source, undefined, { numeric: true, sensitivity: 'base' });
    case 'status':
      return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
    case 'num_chunks':
      return (a.num_chunks ?? -1) - (b.num_chunks ?? -1);
    case 'last_modified':
      return a.last_modified - b.last_modified;
    case 'last_ingested':
      return (a.last_ingested ?? 0) - (b.last_ingested ?? 0);
    case 'error_message':
      return (a.error_message ?? '').localeCompare(b.error_message ?? '');
  }
}

export function visibleRows(
  rows: readonly LogRowT[],
  opts: { statusFilter: StatusFilter; pathFilter: string; sortKey: SortKey; sortDir: 'asc' | 'desc' },
): LogRowT[] {
  const needle = opts.pathFilter.trim().toLowerCase();
  const filtered = rows.filter((r) => {
    if (opts.statusFilter === 'disabled') {
      if (r.is_enabled) return false;
    } else if (opts.statusFilter !== 'all' && r.status !== opts.statusFilter) return false;
    return !needle || r.source.toLowerCase().includes(needle);
  });
  const dir = opts.sortDir === 'asc' ? 1 : -1;
  // Ties fall back to the path so the order is stable while live updates stream in.
  return filtered.sort((a, b) => compare(a, b, opts.sortKey) * dir || compare(a, b, 'source'));
}
