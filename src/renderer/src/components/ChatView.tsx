/** The chat screen: conversation, empty-state suggestions and the composer. */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useApp } from '../store/appStore.js';
import { useChat } from '../store/chatStore.js';
import { ChatMessage } from './ChatMessage.js';
import { ChatIcon, SendIcon, StopIcon } from './Icons.js';

const EXAMPLES = [
  'What are the main ideas across my notes?',
  'What did I write about last week?',
  'Summarise my notes on a project I am working on.',
];

function EmptyState({ onPick }: { onPick(question: string): void }) {
  return (
    <div className="chat-empty">
      {/* A speech bubble, not the radiating spark: that one reads as a loading spinner on an empty page. */}
      <ChatIcon size={28} />
      <h2>What would you like to know?</h2>
      <p className="muted">Answers come from your notes, with citations you can open.</p>
      <ul className="examples" aria-label="Example questions">
        {EXAMPLES.map((q) => (
          <li key={q}>
            <button type="button" className="example" onClick={() => onPick(q)}>
              {q}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Composer() {
  const [text, setText] = useState('');
  const streaming = useChat((s) => s.activeMessageId !== null);
  const send = useChat((s) => s.send);
  const stop = useChat((s) => s.stop);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Offline: the draft stays in the box and nothing is sent (no message, no thread) until the server is back.
  const online = useApp((s) => s.connected);

  function submit(): void {
    if (!text.trim() || streaming || !online) return;
    void send(text);
    setText('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): void {
    // IME users confirm a composition with Enter; that must not send half a sentence.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  useEffect(() => {
    if (!streaming) inputRef.current?.focus();
  }, [streaming]);

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor="chat-input" className="visually-hidden">
        Message
      </label>
      <textarea
        id="chat-input"
        ref={inputRef}
        rows={1}
        placeholder="Ask about your notes…"
        value={text}
        maxLength={4000}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {streaming ? (
        <button type="button" className="stop-button" onClick={() => void stop()}>
          <StopIcon size={14} />
          Stop generating
        </button>
      ) : (
        <button
          type="submit"
          className="primary send-button"
          disabled={!text.trim() || !online}
          title={online ? undefined : 'ObsiQuery is offline: your message will wait here until it reconnects.'}
        >
          <SendIcon size={15} />
          Send
        </button>
      )}
    </form>
  );
}

export function ChatView() {
  const messages = useChat((s) => s.messages);
  const historyLoading = useChat((s) => s.historyLoading);
  const historyError = useChat((s) => s.historyError);
  const send = useChat((s) => s.send);
  const scrollRef = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastCount = useRef(0);

  useEffect(() => {
    const el = scrollRef.current;
    // A new turn always comes into view; within a turn, follow the stream only while the reader is at the
    // bottom, so scrolling up to re-read is not fought.
    if (messages.length !== lastCount.current) pinned.current = true;
    lastCount.current = messages.length;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  return (
    <section className="chat" aria-label="Chat">
      <div
        className="chat-scroll"
        ref={scrollRef}
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
      >
        <div className="chat-column">
          {historyLoading && <p className="muted center">Loading conversation…</p>}
          {historyError && (
            <p className="error-text" role="alert">
              Could not load this conversation: {historyError}
            </p>
          )}
          {!historyLoading && messages.length === 0 && !historyError && <EmptyState onPick={(q) => void send(q)} />}
          {messages.map((m) => (
            <ChatMessage key={m.id} message={m} />
          ))}
        </div>
      </div>
      <div className="composer-wrap">
        <Composer />
        <p className="composer-hint muted small">Enter to send · Shift+Enter for a new line · Esc to stop</p>
      </div>
    </section>
  );
}
