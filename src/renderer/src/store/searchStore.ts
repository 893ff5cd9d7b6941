/** Search-as-you-type over the index: debounced, and only the newest response is ever shown. */
import { create } from 'zustand';
import type { Req, SearchHitT } from '../../../shared/contract.js';
import { isoDate } from '../../../shared/filters.js';
import { errorMessage, getApi } from '../bridge/api.js';
import { debounce } from '../lib/timing.js';

export interface SearchFilters {
  folder: string;
  tags: string;
  date_from: string;
  date_to: string;
}

interface SearchState {
  query: string;
  filters: SearchFilters;
  results: SearchHitT[];
  /** The query the results belong to (for highlighting), or null before the first search. */
  resultsFor: string | null;
  loading: boolean;
  error: string | null;

  setQuery(query: string): void;
  setFilter<K extends keyof SearchFilters>(key: K, value: SearchFilters[K]): void;
  clearFilters(): void;
  run(): Promise<void>;
  reset(): void;
}

const EMPTY_FILTERS: SearchFilters = { folder: '', tags: '', date_from: '', date_to: '' };
let seq = 0;

function toRequestFilters(f: SearchFilters): Req<'search:query'>['filters'] {
  const out: NonNullable<Req<'search:query'>['filters']> = {};
  if (f.folder.trim()) out.folder = f.folder.trim();
  if (f.tags.trim()) out.tags = f.tags.trim().replace(/^#/, '');
  if (isoDate.safeParse(f.date_from).success) out.date_from = f.date_from;
  if (isoDate.safeParse(f.date_to).success) out.date_to = f.date_to;
  return Object.keys(out).length ? out : undefined;
}

export const useSearch = create<SearchState>()((set, get) => {
  const runSoon = debounce(() => void get().run(), 150);
  return {
    query: '',
    filters: EMPTY_FILTERS,
    results: [],
    resultsFor: null,
    loading: false,
    error: null,

    setQuery(query) {
      set({ query });
      if (query.trim()) {
        set({ loading: true });
        runSoon();
      } else {
        runSoon.cancel();
        seq++;
        set({ results: [], resultsFor: null, loading: false, error: null });
      }
    },

    setFilter(key, value) {
      set((s) => ({ filters: { ...s.filters, [key]: value } }));
      if (get().query.trim()) runSoon();
    },

    clearFilters() {
      set({ filters: EMPTY_FILTERS });
      if (get().query.trim()) runSoon();
    },

    async run() {
      const query = get().query.trim().slice(0, 500);
      if (!query) return;
      const mine = ++seq;
      set({ loading: true });
      try {
        const results = await getApi().invoke('search:query', {
          query,
          k: 20,
          perNote: true,
          filters: toRequestFilters(get().filters),
        });
        if (mine === seq) set({ results, resultsFor: query, loading: false, error: null });
      } catch (err) {
        if (mine === seq) set({ loading: false, error: errorMessage(err) });
      }
    },

    reset() {
      runSoon.cancel();
      seq++;
      set({ results: [], resultsFor: null, loading: false, error: null });
    },
  };
});
