// @vitest-environment happy-dom
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { setApi } from '../../src/renderer/src/bridge/api.js';
import { SourcePreview } from '../../src/renderer/src/components/SourcePreview.js';
import { usePreview } from '../../src/renderer/src/store/previewStore.js';
import { mountPerTest } from './mountPerTest.js';
import { fakeApi, flush, type FakeApi } from './fakeApi.js';

const NOTES: Record<string, string> = {
  'Plan.md': [
    '---', // 0
    'tags: [garden]', // 1
    '---', // 2
    '# Plan', // 3
    '', // 4
    'Intro mentions [[Climate#Frost dates|frost]].', // 5
    '', // 6
    '## Decisions', // 7
    '', // 8
    'Sow tomatoes in March.', // 9
    '', // 10
    '<script>window.__xss=1</script>', // 11
  ].join('\n'),
  'Climate.md': '# Climate\n\nIntro.\n\n## Frost dates\n\nLast frost: April 28.',
};

describe('SourcePreview', () => {
  let container: HTMLDivElement;
  let root: Root;
  let api: FakeApi;

  beforeEach(() => {
    api = fakeApi({
      'note:read': ({ source }) => {
        const content = NOTES[source];
        if (content === undefined) throw new Error(`missing ${source}`);
        return { source, title: source.replace(/\.md$/, ''), content, obsidian_uri: `obsidian://open?file=${source}` };
      },
      'note:resolveLink': ({ target }) => ({ source: target.startsWith('Climate') ? 'Climate.md' : null }),
      'note:open': ({ source }) => ({ uri: `obsidian://open?file=${source}` }),
    });
    setApi(api);
  });
  mountPerTest(
    (m) => ({ container, root } = m),
    () => usePreview.getState().close(),
  );

  async function openAt(source: string, start: number, end: number): Promise<HTMLElement> {
    await act(async () => {
      await usePreview.getState().show({ source, lines: { start, end } });
      root.render(<SourcePreview />);
      await flush();
    });
    const panel = container.querySelector<HTMLElement>('[role="complementary"][aria-label="Source preview"]');
    expect(panel).not.toBeNull();
    return panel!;
  }

  it('renders the note inert, with properties instead of a rule, and highlights the cited lines', async () => {
    const panel = await openAt('Plan.md', 7, 10);
    expect(panel.querySelector('script')).toBeNull();
    expect(panel.textContent).toContain('<script>window.__xss=1</script>');
    expect(panel.querySelector('hr')).toBeNull();
    expect(panel.querySelector('details.properties')?.textContent).toContain('garden');
    const cited = Array.from(panel.querySelectorAll('.cited')).map((el) => el.textContent);
    expect(cited).toEqual(['Decisions', 'Sow tomatoes in March.']);
    const open = panel.querySelector<HTMLAnchorElement>('a[href^="obsidian://"]');
    expect(open?.textContent).toContain('Open in Obsidian');
    expect(open?.getAttribute('href')).toBe('obsidian://open?file=Plan.md');
  });

  it('follows a wikilink through note:resolveLink and can go back', async () => {
    const panel = await openAt('Plan.md', 7, 10);
    const link = panel.querySelector<HTMLAnchorElement>('a[data-wikilink]');
    expect(link?.textContent).toBe('frost');
    await act(async () => {
      link!.click();
      await flush();
    });
    expect(api.calls.map((c) => c.channel)).toEqual(['note:read', 'note:resolveLink', 'note:read']);
    expect(api.calls[1]!.request).toEqual({ target: 'Climate#Frost dates' });
    expect(container.querySelector('h2')?.textContent).toBe('Climate');
    // A hop shows the whole note: no stale highlight from the previous one.
    expect(container.querySelectorAll('.cited')).toHaveLength(0);

    const back = container.querySelector<HTMLButtonElement>('button[aria-label="Back"]');
    await act(async () => {
      back!.click();
      await flush();
    });
    expect(container.querySelector('h2')?.textContent).toBe('Plan');
    expect(Array.from(container.querySelectorAll('.cited')).map((el) => el.textContent)).toEqual([
      'Decisions',
      'Sow tomatoes in March.',
    ]);
  });

  it('keeps the highlight across unrelated re-renders', async () => {
    await openAt('Plan.md', 9, 10);
    await act(async () => {
      root.render(<SourcePreview />);
      usePreview.setState({ error: null });
      await flush();
    });
    expect(Array.from(container.querySelectorAll('.cited')).map((el) => el.textContent)).toEqual([
      'Sow tomatoes in March.',
    ]);
  });

  it('asks the backend to reveal the file (desktop app)', async () => {
    // The desktop app is recognised by its preload bridge on window.
    (window as { obsiquery?: unknown }).obsiquery = {};
    try {
      await openAt('Plan.md', 0, 1);
      const reveal = Array.from(container.querySelectorAll('button')).find((b) =>
        b.textContent?.includes('Reveal file'),
      );
      await act(async () => {
        reveal!.click();
        await flush();
      });
      expect(api.calls.at(-1)).toEqual({ channel: 'note:open', request: { source: 'Plan.md', reveal: true } });
    } finally {
      delete (window as { obsiquery?: unknown }).obsiquery;
    }
  });

  it('offers no "Reveal file" in web mode, where no file manager can be opened', async () => {
    await openAt('Plan.md', 0, 1);
    const buttons = Array.from(container.querySelectorAll('button')).map((b) => b.textContent ?? '');
    expect(buttons.some((t) => t.includes('Reveal file'))).toBe(false);
    expect(container.textContent).toContain('Open in Obsidian');
  });
});
