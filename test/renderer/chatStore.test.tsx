// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { setApi } from '../../src/renderer/src/bridge/api.js';
import { connectEvents } from '../../src/renderer/src/store/events.js';
import { useChat } from '../../src/renderer/src/store/chatStore.js';
import { fakeApi, flush } from './fakeApi.js';

const source = {
  n: 1,
  source: 'A.md',
  title: 'A',
  section_title: '',
  start_line: 0,
  end_line: 2,
  obsidian_uri: 'obsidian://x',
  excerpt: '',
};

afterEach(() => {
  useChat.getState().reset();
  setApi(null);
});

describe('chat streaming', () => {
  it('keeps events that arrive before chat:send answers, and ignores other runs', async () => {
    let answerSend: (v: { runId: string }) => void = () => undefined;
    const api = fakeApi({
      'chat:send': () => new Promise((resolve) => (answerSend = resolve)),
      'chat:threads': () => [],
    });
    setApi(api);
    const off = connectEvents(api);
    const sending = useChat.getState().send('When do I sow?');
    await flush();
    // The backend is quicker than its own reply: these arrive while the runId is still unknown.
    api.emit('chat:step', { runId: 'run-1', step: 'Searching your notes…' });
    api.emit('chat:token', { runId: 'run-1', token: 'In ' });
    api.emit('chat:token', { runId: 'someone-else', token: 'XXX' });
    answerSend({ runId: 'run-1' });
    await sending;
    api.emit('chat:token', { runId: 'run-1', token: 'March [1].' });
    let last = useChat.getState().messages.at(-1)!;
    expect(last.content).toBe('In March [1].');
    expect(last.step).toBe('Searching your notes…');
    expect(last.state).toBe('streaming');

    api.emit('chat:done', { runId: 'run-1', answer: 'In March [1].', sources: [source], searched: [], stopped: false });
    last = useChat.getState().messages.at(-1)!;
    expect(last.state).toBe('done');
    expect(last.sources).toEqual([source]);
    expect(useChat.getState().activeMessageId).toBeNull();
    off();
  });

  it('shows the retrieved sources and notices while the answer is written; chat:done keeps the cited ones', async () => {
    const api = fakeApi({ 'chat:send': () => ({ runId: 'r-src' }), 'chat:threads': () => [] });
    setApi(api);
    const off = connectEvents(api);
    await useChat.getState().send('When do I sow?');
    const other = { ...source, n: 2, source: 'B.md', title: 'B' };
    api.emit('chat:sources', { runId: 'r-src', sources: [source, other] });
    api.emit('chat:sources', { runId: 'someone-else', sources: [] });
    api.emit('chat:notice', { runId: 'r-src', notice: 'Answered by llama3 at 192.168.1.20:11434.' });
    let last = useChat.getState().messages.at(-1)!;
    expect(last.state).toBe('streaming');
    expect(last.content).toBe('');
    expect(last.sources).toEqual([source, other]);
    expect(last.notice).toBe('Answered by llama3 at 192.168.1.20:11434.');
    api.emit('chat:done', { runId: 'r-src', answer: 'In March [1].', sources: [source], searched: [], stopped: false });
    last = useChat.getState().messages.at(-1)!;
    expect(last.sources).toEqual([source]);
    expect(last.notice).toBe('Answered by llama3 at 192.168.1.20:11434.');
    off();
  });

  it('a refusal keeps the closest notes chat:done names, not the cards shown while searching as sources', async () => {
    const api = fakeApi({ 'chat:send': () => ({ runId: 'r-no' }), 'chat:threads': () => [] });
    setApi(api);
    const off = connectEvents(api);
    await useChat.getState().send('When is my dentist appointment?');
    api.emit('chat:sources', { runId: 'r-no', sources: [source, source] });
    api.emit('chat:done', {
      runId: 'r-no',
      answer: "I couldn't find this in your notes.",
      sources: [],
      searched: [source],
      stopped: false,
    });
    const last = useChat.getState().messages.at(-1)!;
    expect(last.sources).toEqual([]);
    expect(last.searched).toEqual([source]);
    off();
  });

  it('shows chat:error on the answer and frees the composer', async () => {
    const api = fakeApi({ 'chat:send': () => ({ runId: 'r' }), 'chat:threads': () => [] });
    setApi(api);
    const off = connectEvents(api);
    await useChat.getState().send('Hi');
    api.emit('chat:error', { runId: 'r', error: 'The chat model is not downloaded.' });
    const last = useChat.getState().messages.at(-1)!;
    expect(last.state).toBe('error');
    expect(last.error).toBe('The chat model is not downloaded.');
    expect(useChat.getState().activeMessageId).toBeNull();
    off();
  });

  it('stops the run by its runId and keeps what was streamed', async () => {
    const api = fakeApi({
      'chat:send': () => ({ runId: 'r2' }),
      'chat:stop': () => ({ stopped: true }),
      'chat:threads': () => [],
    });
    setApi(api);
    const off = connectEvents(api);
    await useChat.getState().send('Long answer please');
    api.emit('chat:token', { runId: 'r2', token: 'Partial' });
    await useChat.getState().stop();
    expect(api.calls.find((c) => c.channel === 'chat:stop')?.request).toEqual({ runId: 'r2' });
    api.emit('chat:done', { runId: 'r2', answer: '', sources: [], searched: [], stopped: true });
    const last = useChat.getState().messages.at(-1)!;
    expect(last.state).toBe('stopped');
    expect(last.content).toBe('Partial');
    off();
  });
});
