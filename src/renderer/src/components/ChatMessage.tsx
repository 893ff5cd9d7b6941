/** One turn of the conversation. Assistant answers render as sanitised markdown with clickable citations. */
import { memo, useMemo } from 'react';
import type { CitedSourceT } from '../../../shared/contract.js';
import { formatLines } from '../lib/format.js';
import { closeOpenMarkers, renderAnswer } from '../markdown/renderAnswer.js';
import type { UiMessage } from '../store/chatStore.js';
import { usePreview } from '../store/previewStore.js';
import { handleMarkdownClick } from './markdownClicks.js';
import { AlertIcon, NoteIcon } from './Icons.js';

function openSource(source: CitedSourceT): void {
  void usePreview.getState().show({ source: source.source, lines: { start: source.start_line, end: source.end_line } });
}

export function AnswerBody({
  content,
  sources,
  streaming,
}: {
  content: string;
  sources: CitedSourceT[];
  streaming: boolean;
}) {
  // The { __html } object itself is memoised: React rewrites innerHTML whenever its identity changes.
  const html = useMemo(
    () => ({
      __html: streaming
        ? renderAnswer(closeOpenMarkers(content), null)
        : renderAnswer(content, new Set(sources.map((s) => s.n))),
    }),
    [content, sources, streaming],
  );
  return (
    <div
      className={streaming ? 'answer markdown streaming' : 'answer markdown'}
      onClick={(e) =>
        handleMarkdownClick(e, {
          onCitation: (n) => {
            const source = sources.find((s) => s.n === n);
            if (source) openSource(source);
          },
          onWikilink: (target) => void usePreview.getState().followLink(target),
        })
      }
      dangerouslySetInnerHTML={html}
    />
  );
}

/**
 * Source cards. `title` names the list: the cited sources, or (for an answer citing nothing) the closest notes the
 * search showed, which must not read as sources of the answer: they carry no citation number.
 */
export function SourcesList({
  sources,
  title = 'Sources',
  note,
  numbered = true,
}: {
  sources: CitedSourceT[];
  title?: string;
  note?: string;
  numbered?: boolean;
}) {
  if (sources.length === 0) return null;
  return (
    <section className="sources" aria-label={title}>
      <h3 className="sources-title">{title}</h3>
      {note && <p className="muted small sources-note">{note}</p>}
      <ol className="source-list">
        {sources.map((s) => (
          <li key={`${s.n}-${s.source}-${s.start_line}`}>
            <button type="button" className="source-item" onClick={() => openSource(s)} title={s.source}>
              {numbered && (
                <span className="source-n" aria-hidden="true">
                  {s.n}
                </span>
              )}
              <NoteIcon size={14} />
              <span className="source-title">{s.title}</span>
              <span className="source-meta">
                {s.section_title && <span className="source-section">{s.section_title}</span>}
                <span className="source-lines">{formatLines(s.start_line, s.end_line)}</span>
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

export const ChatMessage = memo(function ChatMessage({ message }: { message: UiMessage }) {
  if (message.role === 'user') {
    return (
      <article className="message user" aria-label="You">
        <div className="bubble">{message.content}</div>
      </article>
    );
  }
  const streaming = message.state === 'streaming';
  return (
    <article className="message assistant" aria-label="ObsiQuery" aria-busy={streaming}>
      {(message.content || !streaming) && message.state !== 'error' && (
        <AnswerBody content={message.content} sources={message.sources} streaming={streaming} />
      )}
      {streaming && message.step && (
        <p className="step" role="status">
          <span className="step-dot" aria-hidden="true" />
          {message.step}
        </p>
      )}
      {message.state === 'stopped' && <p className="muted small stopped-note">Stopped.</p>}
      {message.state === 'error' && (
        <div className="message-error" role="alert">
          <AlertIcon />
          <span>{message.error ?? 'Something went wrong.'}</span>
        </div>
      )}
      {message.notice && <p className="muted small answer-notice">{message.notice}</p>}
      {/* Retrieved sources show as soon as the search ends, while the answer is still being written. */}
      {(!streaming || message.sources.length > 0) && <SourcesList sources={message.sources} />}
      {/* "Not in your notes" still shows where it looked: the right note is often among these. */}
      {!streaming && message.sources.length === 0 && (
        <SourcesList
          sources={message.searched ?? []}
          title="Closest notes"
          note="Searched, but no sentence in these notes answers the question."
          numbered={false}
        />
      )}
    </article>
  );
});
