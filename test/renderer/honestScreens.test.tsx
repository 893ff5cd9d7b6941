// @vitest-environment happy-dom
/**
 * Issue 19 in the renderer: relevance never over 100%, weak hits hidden behind "Show weaker matches (n)",
 * progress and counts only for the selected vault, one clear offline state, the calibrated gate shown as
 * "auto (0.22)", tag chips and task markers.
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchHitT, SyncProgressT } from '../../src/shared/contract.js';
import { errorMessage, setApi } from '../../src/renderer/src/bridge/api.js';
import { SearchView } from '../../src/renderer/src/components/SearchView.js';
import { ChatView } from '../../src/renderer/src/components/ChatView.js';
import { SettingsView } from '../../src/renderer/src/components/SettingsView.js';
import { tagList } from '../../src/renderer/src/components/ChunksDialog.js';
import { makeSnippet } from '../../src/renderer/src/lib/highlightTerms.js';
import { relevancePercent } from '../../src/shared/relevance.js';
import { useApp } from '../../src/renderer/src/store/appStore.js';
import { useChat } from '../../src/renderer/src/store/chatStore.js';
import { useSearch } from '../../src/renderer/src/store/searchStore.js';
import { useSync } from '../../src/renderer/src/store/syncStore.js';
import { connectEvents, onVaultChanged } from '../../src/renderer/src/store/events.js';
import { mountPerTest } from './mountPerTest.js';
import { fakeApi, flush, type FakeApi } from './fakeApi.js';
import { settingsSchema } from '../../src/shared/settingsSchema.js';

const hit = (title: string, score: number, weak = false): SearchHitT => ({
  source: `${title}.md`,
  title,
  section_title: '',
  header_path: '',
  start_line: 0,
  end_line: 3,
  score,
  page_content: `${title} sourdough hydration notes`,
  weak,
});

let container: HTMLDivElement;
let root: Root;
let api: FakeApi;

function mount(node: React.ReactNode): void {
  act(() => root.render(node));
}

mountPerTest(
  (m) => ({ container, root } = m),
  () => {
    useSearch.getState().reset();
    useSync.getState().reset();
    useChat.getState().reset();
    useApp.setState({ connected: true, vaults: [], status: null });
  },
);

describe('search results users can trust', () => {
  beforeEach(() => {
    api = fakeApi({
      'search:query': () => ({
        hits: [
          hit('Sourdough Bread', 1.27),
          hit('Bakery list', 0.62),
          hit('Pizza dough', 0.2, true),
          hit('Groceries', 0.13, true),
        ],
        notices: [],
      }),
    });
    setApi(api);
  });

  it('never shows a relevance over 100%, and a better score never shows lower', async () => {
    mount(<SearchView />);
    act(() => useSearch.getState().setQuery('sourdough hydration'));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 200));
      await flush();
    });
    const shown = [...container.querySelectorAll('[data-testid="relevance"]')].map((e) =>
      Number(e.textContent!.replace('%', '')),
    );
    expect(shown).toEqual([relevancePercent(1.27), relevancePercent(0.62)]);
    expect(shown.every((p) => p >= 0 && p <= 100)).toBe(true);
    expect(shown[0]!).toBeGreaterThan(shown[1]!);
    const scores = [0, 0.05, 0.13, 0.22, 0.5, 0.99, 1, 1.27, 1.6, 5, 100];
    const pct = scores.map(relevancePercent);
    for (let i = 1; i < pct.length; i++) expect(pct[i]!).toBeGreaterThanOrEqual(pct[i - 1]!);
    expect(Math.max(...pct)).toBeLessThan(100);
  });

  it('hides results below the relevance gate behind "Show weaker matches (n)"', async () => {
    mount(<SearchView />);
    act(() => useSearch.getState().setQuery('sourdough hydration'));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 200));
      await flush();
    });
    const titles = () => [...container.querySelectorAll('.result-title')].map((e) => e.textContent);
    expect(titles()).toEqual(['Sourdough Bread', 'Bakery list']);
    const more = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Show weaker matches (2)');
    expect(more).toBeDefined();
    act(() => more!.click());
    expect(titles()).toEqual(['Sourdough Bread', 'Bakery list', 'Pizza dough', 'Groceries']);
  });
});

describe('the selected vault only', () => {
  const progress = (vault: string, filesDone: number): SyncProgressT => ({
    phase: 'indexing',
    filesDone,
    filesTotal: 104,
    chunksDone: filesDone * 3,
    chunksPerSec: 5,
    etaSeconds: 20,
    vault,
  });

  it("ignores another vault's progress, and drops it on a switch", async () => {
    api = fakeApi({
      'vault:list': () => [
        { vault: '/v/vault1', dataDir: '/d/1', current: true },
        { vault: '/v/vault2', dataDir: '/d/2', current: false },
      ],
      'status:get': () => ({
        vault: '/v/vault1',
        dataDir: '/d/1',
        embeddingModel: 'm',
        chatModel: 'c',
        counts: { pending: 0, processing: 0, completed: 30, failed: 0, disabled: 0, total: 30, chunks: 90 },
        syncing: false,
        lastSync: null,
        repairs: [],
      }),
      'chat:threads': () => [],
    });
    setApi(api);
    const off = connectEvents(api);
    await useApp.getState().refreshVaults();
    api.emit('sync:progress', progress('/v/vault2', 0));
    expect(useSync.getState().progress).toBeNull();
    api.emit('sync:progress', progress('/v/vault1', 3));
    expect(useSync.getState().progress?.filesDone).toBe(3);

    // vault2 was selected and is indexing; switching back to vault1 drops vault2's progress.
    useApp.setState({
      vaults: [
        { vault: '/v/vault1', dataDir: '/d/1', current: false },
        { vault: '/v/vault2', dataDir: '/d/2', current: true },
      ],
    });
    api.emit('sync:progress', progress('/v/vault2', 7));
    expect(useSync.getState().progress?.vault).toBe('/v/vault2');
    await onVaultChanged();
    expect(useSync.getState().progress).toBeNull();
    api.emit('sync:progress', progress('/v/vault2', 8));
    api.emit('sync:done', { summary: null, error: null, vault: '/v/vault2' });
    expect(useSync.getState().progress).toBeNull();
    expect(useSync.getState().lastDone).toBeNull();
    off();
  });
});

describe('offline', () => {
  it('disables send, keeps the draft, creates no thread; sends again once reconnected', async () => {
    api = fakeApi({
      'chat:send': () => {
        throw new TypeError('Failed to fetch');
      },
      'chat:threads': () => [],
      'chat:history': () => [],
    });
    setApi(api);
    useApp.setState({ connected: false });
    mount(<ChatView />);
    const box = container.querySelector('textarea')!;
    const sendButton = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Send')!;
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      setter.call(box, 'hello?');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(sendButton().disabled).toBe(true);
    await act(async () => {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await flush();
    });
    expect(box.value).toBe('hello?');
    expect(api.calls.filter((c) => c.channel === 'chat:send')).toHaveLength(0);
    expect(useChat.getState().threads).toEqual([]);
    expect(useChat.getState().messages).toEqual([]);

    // Back online, the send button works again; a send that still fails leaves no phantom thread.
    act(() => useApp.setState({ connected: true }));
    expect(sendButton().disabled).toBe(false);
    await act(async () => {
      sendButton().click();
      await flush();
    });
    expect(api.calls.filter((c) => c.channel === 'chat:send')).toHaveLength(1);
    expect(useChat.getState().threads).toEqual([]);
    const failed = useChat.getState().messages.at(-1)!;
    expect(failed.error).toMatch(/offline/i);
    expect(failed.error).not.toMatch(/Failed to fetch/);
  });

  it('says "offline" instead of a raw "Failed to fetch"', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toMatch(/offline.*reconnects/i);
    expect(errorMessage(new Error('No vault is open yet'))).toBe('No vault is open yet');
  });
});

describe('settings', () => {
  it('shows the calibrated gate as auto (0.22) and names the range when a number is out of it', async () => {
    api = fakeApi({
      'settings:get': () => ({ ...settingsSchema.parse({}), autoThreshold: 0.22 }),
    });
    setApi(api);
    await act(async () => {
      root.render(<SettingsView />);
      await flush();
    });
    const threshold = container.querySelector<HTMLInputElement>('input[placeholder="auto (0.22)"]');
    expect(threshold).not.toBeNull();
    expect(threshold!.value).toBe('');
    expect(container.textContent).toContain('auto (0.22)');
    const chunk = [...container.querySelectorAll('label')].find((l) => /chunk size/i.test(l.textContent ?? ''));
    const input = container.querySelector<HTMLInputElement>(`#${CSS.escape(chunk!.htmlFor)}`)!;
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, '5');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(container.textContent).toContain('32–2000');
  });
});

describe('small things', () => {
  it('tags become chips, not a raw comma string', () => {
    expect(tagList(',project/garden,arduino,')).toEqual(['project/garden', 'arduino']);
    expect(tagList('')).toEqual([]);
  });

  it('snippets show no raw task markup', () => {
    const s = makeSnippet('- [x] water the seedlings\n- [ ] order the pump', 'pump');
    expect(s).not.toMatch(/\[[ xX]\]/);
    expect(s).toContain('✓ water the seedlings');
    expect(s).toContain('order the pump');
  });
});
