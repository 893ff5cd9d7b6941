/**
 * The source preview panel: which note is open, which lines are cited, and a back stack for wikilink hops.
 * Requests are sequenced so a slow note:read cannot overwrite a newer one.
 */
import { create } from 'zustand';
import { errorMessage, getApi } from '../bridge/api.js';
import { parseWikilink } from '../markdown/plugins.js';

export interface PreviewTarget {
  source: string;
  /** 0-based, end-exclusive line range to highlight. */
  lines?: { start: number; end: number };
  heading?: string;
}

export interface LoadedNote {
  source: string;
  title: string;
  content: string;
  obsidianUri: string;
}

interface PreviewState {
  open: boolean;
  /** What the shown note is scrolled to; replaced together with the note so highlights never hit stale text. */
  target: PreviewTarget | null;
  note: LoadedNote | null;
  loading: boolean;
  error: string | null;
  history: PreviewTarget[];

  show(target: PreviewTarget): Promise<void>;
  followLink(wikilink: string): Promise<void>;
  back(): Promise<void>;
  close(): void;
  reveal(): Promise<void>;
}

let seq = 0;

async function load(target: PreviewTarget, set: (partial: Partial<PreviewState>) => void): Promise<void> {
  const mine = ++seq;
  set({ open: true, loading: true, error: null });
  try {
    const note = await getApi().invoke('note:read', { source: target.source });
    if (mine !== seq) return;
    set({
      note: { source: note.source, title: note.title, content: note.content, obsidianUri: note.obsidian_uri },
      target,
      loading: false,
    });
  } catch (err) {
    if (mine !== seq) return;
    set({ note: null, target: null, loading: false, error: errorMessage(err) });
  }
}

export const usePreview = create<PreviewState>()((set, get) => ({
  open: false,
  target: null,
  note: null,
  loading: false,
  error: null,
  history: [],

  async show(target) {
    set({ history: [] });
    await load(target, set);
  },

  async followLink(wikilink) {
    const parts = parseWikilink(wikilink);
    if (!parts) return;
    const previous = get().target;
    // `[[#Heading]]` stays in the current note.
    if (!parts.note && previous) {
      await load({ source: previous.source, heading: parts.heading ?? undefined }, set);
      return;
    }
    try {
      const { source } = await getApi().invoke('note:resolveLink', { target: parts.target });
      if (!source) {
        set({ open: true, error: `No note named “${parts.note}” in this vault.` });
        return;
      }
      if (previous) set({ history: [...get().history, previous] });
      await load({ source, heading: parts.heading ?? undefined }, set);
    } catch (err) {
      set({ open: true, error: errorMessage(err) });
    }
  },

  async back() {
    const history = get().history;
    const previous = history[history.length - 1];
    if (!previous) return;
    set({ history: history.slice(0, -1) });
    await load(previous, set);
  },

  close() {
    seq++;
    set({ open: false, target: null, note: null, error: null, loading: false, history: [] });
  },

  async reveal() {
    const source = get().note?.source;
    if (!source) return;
    try {
      await getApi().invoke('note:open', { source, reveal: true });
    } catch (err) {
      set({ error: errorMessage(err) });
    }
  },
}));
