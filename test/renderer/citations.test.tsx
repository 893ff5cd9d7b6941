// @vitest-environment happy-dom
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CitedSourceT } from '../../src/shared/contract.js';
import { setApi } from '../../src/renderer/src/bridge/api.js';
import { AnswerBody, ChatMessage, SourcesList } from '../../src/renderer/src/components/ChatMessage.js';
import { closeOpenMarkers, renderAnswer } from '../../src/renderer/src/markdown/renderAnswer.js';
import { usePreview } from '../../src/renderer/src/store/previewStore.js';
import { mountPerTest } from './mountPerTest.js';
import { fakeApi, flush, type FakeApi } from './fakeApi.js';

function source(n: number, file: string, start: number, end: number): CitedSourceT {
  return {
    n,
    source: file,
    title: file.replace(/\.md$/, ''),
    section_title: `Section ${n}`,
    start_line: start,
    end_line: end,
    obsidian_uri: `obsidian://open?file=${encodeURIComponent(file)}`,
    excerpt: '',
  };
}

// Numbered out of order on purpose: citation [2] must map to the source whose n is 2, not to index 2.
const SOURCES = [source(2, 'Second.md', 10, 14), source(1, 'First.md', 0, 3), source(3, 'Third.md', 5, 6)];

function mount(html: string): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = html;
  return el;
}

describe('renderAnswer citations', () => {
  it('turns [n], [n][m] and [n, m] into labelled buttons', () => {
    const root = mount(
      renderAnswer(
        'Sow in March [1][2]. Beans follow [2, 3]. Not a citation: [x](https://a.example).',
        new Set([1, 2, 3]),
      ),
    );
    const buttons = Array.from(root.querySelectorAll('button.citation'));
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Citation 1',
      'Citation 2',
      'Citation 2',
      'Citation 3',
    ]);
    expect(buttons.map((b) => b.getAttribute('data-citation'))).toEqual(['1', '2', '2', '3']);
    expect(root.querySelector('a')?.textContent).toBe('x');
  });

  it('leaves numbers without a source as text once the sources are known', () => {
    const root = mount(renderAnswer('Known [1], invented [7].', new Set([1])));
    expect(root.querySelectorAll('button.citation')).toHaveLength(1);
    expect(root.textContent).toContain('[7]');
  });

  it('shows every [n] as a citation while streaming, and none inside code', () => {
    const root = mount(renderAnswer('Streaming [4] and `arr[1]`', null));
    expect(Array.from(root.querySelectorAll('button.citation')).map((b) => b.textContent)).toEqual(['4']);
    expect(root.querySelector('code')?.textContent).toBe('arr[1]');
  });

  it('keeps model output inert', () => {
    const root = mount(renderAnswer('<img src=x onerror=alert(1)> [1](javascript:alert(1))', new Set([1])));
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('[onerror]')).toBeNull();
    expect(root.innerHTML).not.toMatch(/href="javascript:/i);
  });
});

describe('clicking a citation opens its source', () => {
  let container: HTMLDivElement;
  let root: Root;
  let api: FakeApi;

  beforeEach(() => {
    api = fakeApi({
      'note:read': ({ source: s }) => ({
        source: s,
        title: s,
        content: `# ${s}\n\nBody`,
        obsidian_uri: 'obsidian://x',
      }),
    });
    setApi(api);
  });
  mountPerTest(
    (m) => ({ container, root } = m),
    () => usePreview.getState().close(),
  );

  it('maps [2] to source number 2 and opens the preview at its lines', async () => {
    await act(async () => {
      root.render(<AnswerBody content="Tomatoes go in early [2]." sources={SOURCES} streaming={false} />);
    });
    const button = container.querySelector<HTMLButtonElement>('button[aria-label="Citation 2"]');
    expect(button).not.toBeNull();
    await act(async () => {
      button!.click();
      await flush();
    });
    expect(api.calls).toEqual([{ channel: 'note:read', request: { source: 'Second.md' } }]);
    const preview = usePreview.getState();
    expect(preview.open).toBe(true);
    expect(preview.target).toEqual({ source: 'Second.md', lines: { start: 10, end: 14 } });
    expect(preview.note?.source).toBe('Second.md');
  });

  it('lists sources with title, section and human line numbers', async () => {
    await act(async () => {
      root.render(<SourcesList sources={SOURCES} />);
    });
    const region = container.querySelector('[aria-label="Sources"]');
    expect(region).not.toBeNull();
    const items = Array.from(region!.querySelectorAll('li')).map((li) => li.textContent);
    expect(items[0]).toBe('2SecondSection 2lines 11–14');
    expect(items[1]).toBe('1FirstSection 1lines 1–3');
  });

  it('a refusal lists the closest notes it searched, apart from sources, and they open like sources', async () => {
    const refusal = (searched: CitedSourceT[]) => (
      <ChatMessage
        message={{
          id: 'm',
          role: 'assistant',
          content: "I couldn't find this in your notes.",
          sources: [],
          searched,
          state: 'done',
        }}
      />
    );
    await act(async () => {
      root.render(refusal(SOURCES.slice(0, 2)));
    });
    expect(container.querySelector('[aria-label="Sources"]')).toBeNull();
    const region = container.querySelector('[aria-label="Closest notes"]');
    expect(region?.textContent).toContain('no sentence in these notes answers the question');
    // No citation numbers: the answer cites none of them.
    expect(Array.from(region!.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'SecondSection 2lines 11–14',
      'FirstSection 1lines 1–3',
    ]);
    await act(async () => {
      region!.querySelector<HTMLButtonElement>('button.source-item')!.click();
      await flush();
    });
    expect(usePreview.getState().target).toEqual({ source: 'Second.md', lines: { start: 10, end: 14 } });
    // Nothing searched (a greeting, or a refusal before any search): no empty list.
    await act(async () => {
      root.render(refusal([]));
    });
    expect(container.querySelector('[aria-label="Closest notes"]')).toBeNull();
  });
});

describe('closeOpenMarkers', () => {
  it.each([
    ['Plan to **sow', 'Plan to **sow**'],
    ['Plan to **sow** now', 'Plan to **sow** now'],
    ['Plan to **', 'Plan to '],
    ['Run `npm', 'Run `npm`'],
    ['```ts\nconst a = 1', '```ts\nconst a = 1\n```'],
    ['Done [1].', 'Done [1].'],
  ])('%j → %j', (partial, expected) => {
    expect(closeOpenMarkers(partial)).toBe(expected);
  });
});
