// @vitest-environment happy-dom
/**
 * The embedding endpoint in the renderer: a search answered by BM25 alone (the endpoint is down) says so, and
 * Settings edits the endpoint and its model name, sending them over the contract.
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { setApi } from '../../src/renderer/src/bridge/api.js';
import { SearchView } from '../../src/renderer/src/components/SearchView.js';
import { SettingsView } from '../../src/renderer/src/components/SettingsView.js';
import { useSearch } from '../../src/renderer/src/store/searchStore.js';
import { settingsSchema } from '../../src/shared/settingsSchema.js';
import type { SettingsViewT } from '../../src/shared/contract.js';
import { mountPerTest } from './mountPerTest.js';
import { fakeApi, flush } from './fakeApi.js';

let container: HTMLDivElement;
let root: Root;
mountPerTest(
  (m) => ({ container, root } = m),
  () => useSearch.getState().reset(),
);

function type(input: HTMLInputElement, value: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function inputLabelled(label: RegExp): HTMLInputElement | null {
  const l = [...container.querySelectorAll('label')].find((x) => label.test(x.textContent ?? ''));
  return l ? container.querySelector<HTMLInputElement>(`#${CSS.escape(l.htmlFor)}`) : null;
}

const NOTICE = 'Embedding endpoint 127.0.0.1:11434 is unreachable (ECONNREFUSED). Showing keyword (BM25) matches only.';

describe('search with the embedding endpoint down', () => {
  it('shows the results and the notice saying they are keyword matches only', async () => {
    setApi(
      fakeApi({
        'search:query': () => ({
          hits: [
            {
              source: 'Pump.md',
              title: 'Pump',
              section_title: '',
              header_path: '',
              start_line: 0,
              end_line: 2,
              score: 0.8,
              page_content: 'The pump relay is on pin 7.',
            },
          ],
          notices: [NOTICE],
        }),
      }),
    );
    act(() => root.render(<SearchView />));
    act(() => useSearch.getState().setQuery('pump relay'));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 200));
      await flush();
    });
    expect(container.querySelector('[role="status"].search-notice')?.textContent).toBe(NOTICE);
    expect([...container.querySelectorAll('.result-title')].map((e) => e.textContent)).toEqual(['Pump']);
  });
});

describe('Settings: embedding endpoint', () => {
  it('asks for the model name once an endpoint is entered, and saves both', async () => {
    const saved: Partial<SettingsViewT>[] = [];
    const initial = { ...settingsSchema.parse({}), autoThreshold: 0.22 };
    setApi(
      fakeApi({
        'settings:get': () => initial,
        'settings:set': (patch) => {
          saved.push(patch as Partial<SettingsViewT>);
          return { ...initial, ...(patch as Partial<SettingsViewT>) } as SettingsViewT;
        },
      }),
    );
    await act(async () => {
      root.render(<SettingsView />);
      await flush();
    });
    expect(inputLabelled(/Embedding endpoint model name/)).toBeNull();
    type(inputLabelled(/^Embedding endpoint/)!, 'http://127.0.0.1:11434/v1');
    const name = inputLabelled(/Embedding endpoint model name/);
    expect(name).not.toBeNull();
    expect(container.textContent).toContain('Name the model the embedding endpoint serves');
    const save = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Save')!;
    expect(save.disabled).toBe(true);
    type(name!, 'nomic-embed-text');
    expect(save.disabled).toBe(false);
    await act(async () => {
      save.click();
      await flush();
    });
    expect(saved.at(-1)).toMatchObject({
      embeddingEndpoint: 'http://127.0.0.1:11434/v1',
      embeddingModel: 'nomic-embed-text',
    });
  });
});
