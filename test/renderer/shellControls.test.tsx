// @vitest-environment happy-dom
/**
 * The renderer's side of the desktop shell: a folder dropped on onboarding is added by the path the preload's
 * `pathForFile` reports (File.path is gone under contextIsolation), and Settings' pause and re-index controls
 * speak the contract (`sync:pause`, `sync:start { reindex: true }`), following pauses made from the tray.
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StatusT } from '../../src/shared/contract.js';
import { setApi } from '../../src/renderer/src/bridge/api.js';
import { IndexControls } from '../../src/renderer/src/components/IndexControls.js';
import { Onboarding } from '../../src/renderer/src/components/Onboarding.js';
import { useApp } from '../../src/renderer/src/store/appStore.js';
import { useOnboarding } from '../../src/renderer/src/store/onboardingStore.js';
import { mountPerTest } from './mountPerTest.js';
import { fakeApi, flush, type FakeApi } from './fakeApi.js';

const VAULT = '/Users/me/My Vault';

function status(paused: boolean): StatusT {
  return {
    vault: VAULT,
    dataDir: '/data',
    embeddingModel: 'm',
    chatModel: 'c',
    counts: { pending: 0, processing: 0, completed: 12, failed: 0, disabled: 0, total: 12, chunks: 40 },
    syncing: false,
    paused,
    lastSync: null,
    repairs: [],
  };
}

let container: HTMLDivElement;
let root: Root;
let api: FakeApi;
let paused = false;

beforeEach(() => {
  paused = false;
  api = fakeApi({
    'vault:inspect': ({ path }) => ({ path, noteCount: 12 }),
    'vault:add': ({ path }) => ({ vault: path, dataDir: '/data', current: true }),
    'vault:list': () => [{ vault: VAULT, dataDir: '/data', current: true }],
    'status:get': () => status(paused),
    'sync:pause': (req) => {
      paused = req.paused;
      return { paused };
    },
    'sync:start': () => ({ started: true }),
  });
});
mountPerTest(
  (m) => ({ container, root } = m),
  () => {
    delete (window as { obsiquery?: unknown }).obsiquery;
    useOnboarding.setState({ step: { kind: 'idle' } });
  },
);

function button(text: string): HTMLButtonElement | undefined {
  return [...container.querySelectorAll('button')].find((b) => b.textContent === text);
}

async function click(el: HTMLElement | undefined): Promise<void> {
  expect(el).toBeDefined();
  await act(async () => {
    el!.click();
    await flush();
  });
}

describe('a folder dropped on the window', () => {
  it('is added as a vault by the path pathForFile reports', async () => {
    const dropped: unknown[] = [];
    const desktopApi = {
      ...api,
      pathForFile: (file: File) => {
        dropped.push(file);
        return VAULT;
      },
    };
    // The desktop app is the one whose preload exposes window.obsiquery; only there is the drop zone shown.
    (window as { obsiquery?: unknown }).obsiquery = desktopApi;
    setApi(desktopApi);
    await act(async () => {
      root.render(<Onboarding />);
      await flush();
    });
    const zone = container.querySelector<HTMLElement>('[aria-label="Drop your vault folder here"]')!;
    const folder = new File([], 'My Vault');
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [folder] } });
    await act(async () => {
      zone.dispatchEvent(drop);
      await flush(10);
    });
    expect(dropped).toEqual([folder]);
    expect(api.calls.filter((c) => c.channel.startsWith('vault:'))).toEqual(
      expect.arrayContaining([
        { channel: 'vault:inspect', request: { path: VAULT } },
        { channel: 'vault:add', request: { path: VAULT } },
      ]),
    );
  });

  it('in a browser tab (no preload) offers no drop zone, since a browser cannot reveal a folder path', async () => {
    setApi(api);
    await act(async () => {
      root.render(<Onboarding />);
      await flush();
    });
    expect(container.querySelector('[aria-label="Drop your vault folder here"]')).toBeNull();
    expect(api.calls.some((c) => c.channel === 'vault:add')).toBe(false);
  });
});

describe('Settings: pause and re-index', () => {
  beforeEach(async () => {
    setApi(api);
    await act(async () => {
      await useApp.getState().refreshStatus();
      root.render(<IndexControls />);
      await flush();
    });
  });

  it('pause and resume go through sync:pause, and a pause from the tray shows', async () => {
    await click(button('Pause syncing'));
    expect(api.calls.filter((c) => c.channel === 'sync:pause')).toEqual([
      { channel: 'sync:pause', request: { paused: true } },
    ]);
    expect(button('Resume syncing')).toBeDefined();
    expect(button('Re-index this vault')!.disabled).toBe(true);
    await click(button('Resume syncing'));
    expect(button('Pause syncing')).toBeDefined();

    // The tray paused: the backend says so, and the control follows.
    await act(async () => {
      api.emit('sync:paused', { paused: true });
      await flush();
    });
    expect(button('Resume syncing')).toBeDefined();
  });

  it('re-index asks first; Cancel sends nothing, confirming sends sync:start { reindex: true }', async () => {
    await click(button('Re-index this vault'));
    expect(container.querySelector('[role="alertdialog"]')?.textContent).toContain('12 notes');
    await click(button('Cancel'));
    expect(api.calls.some((c) => c.channel === 'sync:start')).toBe(false);

    await click(button('Re-index this vault'));
    await click(button('Re-index'));
    expect(api.calls.filter((c) => c.channel === 'sync:start')).toEqual([
      { channel: 'sync:start', request: { reindex: true } },
    ]);
    expect(container.textContent).toContain('Re-indexing your vault.');
  });
});
