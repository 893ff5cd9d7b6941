// @vitest-environment happy-dom
/**
 * Settings → Models shows the index's embedding model and, when the vault decided it, why (issue 18: a large
 * English vault gets the fast model, and the user can see that it was chosen for its size).
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setApi } from '../../src/renderer/src/bridge/api.js';
import { SettingsView } from '../../src/renderer/src/components/SettingsView.js';
import { useApp } from '../../src/renderer/src/store/appStore.js';
import { settingsSchema } from '../../src/shared/settingsSchema.js';
import { statusInfo, type StatusT } from '../../src/shared/contract.js';
import { fakeApi, flush } from './fakeApi.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  useApp.setState({ status: null });
  setApi(null);
});

const REASON =
  'large English vault: 7,426 notes, ~12,151 chunks, more than the 3,360 all-mpnet-base-v2-int8 embeds in ~8 minutes';

function status(extra: Partial<StatusT>): StatusT {
  // Parsed through the contract, as the backend's answer is.
  return statusInfo.parse({
    vault: '/v/tldr',
    dataDir: '/d/tldr',
    embeddingModel: 'all-MiniLM-L6-v2-int8',
    chatModel: 'c',
    counts: { pending: 0, processing: 0, completed: 1, failed: 0, disabled: 0, total: 1, chunks: 2 },
    syncing: false,
    lastSync: null,
    repairs: [],
    ...extra,
  });
}

async function renderSettings(st: StatusT): Promise<void> {
  setApi(fakeApi({ 'settings:get': () => ({ ...settingsSchema.parse({}), autoThreshold: 0.3 }) }));
  useApp.setState({ status: st });
  await act(async () => {
    root.render(<SettingsView />);
    await flush();
  });
}

describe('Settings: why this embedding model', () => {
  it('shows how and why the index got its model', async () => {
    await renderSettings(status({ embeddingModelSource: 'detected', embeddingModelReason: REASON }));
    expect(container.textContent).toContain(`Chosen for this index (detected): ${REASON}.`);
  });

  it('says nothing about a reason an older index never recorded', async () => {
    await renderSettings(status({}));
    expect(container.textContent).toContain('Embedding model');
    expect(container.textContent).not.toContain('Chosen for this index');
  });
});
