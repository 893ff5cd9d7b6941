// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { setApi } from '../../src/renderer/src/bridge/api.js';
import { connectEvents } from '../../src/renderer/src/store/events.js';
import { useSync } from '../../src/renderer/src/store/syncStore.js';
import { fakeApi, flush } from './fakeApi.js';

afterEach(() => {
  useSync.getState().reset();
  setApi(null);
});

const summary = {
  added: 0,
  modified: 0,
  unchanged: 3,
  deleted: 0,
  failed: 0,
  links_refused: 0,
  chunks_added: 0,
  chunks_deleted: 0,
  duration_ms: 2,
};

describe('Sync now', () => {
  it('a sync that finishes before sync:start replies does not stay "running"', async () => {
    let reply: (v: { started: boolean }) => void = () => undefined;
    const api = fakeApi({ 'sync:start': () => new Promise((resolve) => (reply = resolve)) });
    setApi(api);
    const off = connectEvents(api);
    const starting = useSync.getState().start();
    await flush();
    // A no-change sync takes milliseconds: its sync:done overtakes the invoke reply.
    api.emit('sync:done', { summary, error: null });
    reply({ started: true });
    await starting;
    expect(useSync.getState().running).toBe(false);
    off();
  });

  it('a started sync is running until its sync:done', async () => {
    const api = fakeApi({ 'sync:start': () => ({ started: true }) });
    setApi(api);
    const off = connectEvents(api);
    await useSync.getState().start();
    expect(useSync.getState().running).toBe(true);
    api.emit('sync:done', { summary, error: null });
    expect(useSync.getState().running).toBe(false);
    off();
  });
});
