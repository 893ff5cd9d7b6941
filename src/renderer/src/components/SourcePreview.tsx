/**
 * Right-hand panel showing a cited note: rendered inert, scrolled to the cited lines, which are highlighted.
 * Wikilinks inside it hop to other notes (with a back stack).
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { findHeading, highlightLines } from '../markdown/highlightLines.js';
import { renderNote, type RenderedNote } from '../markdown/renderNote.js';
import { formatLines } from '../lib/format.js';
import { isDesktop } from '../bridge/api.js';
import { usePreview } from '../store/previewStore.js';
import { handleMarkdownClick } from './markdownClicks.js';
import { BackIcon, CloseIcon, ExternalIcon, FolderIcon } from './Icons.js';

function Properties({ frontmatter }: { frontmatter: NonNullable<RenderedNote['frontmatter']> }) {
  if (frontmatter.properties.length === 0) return null;
  return (
    <details className="properties" data-source-line="0" data-source-line-end={frontmatter.lineCount}>
      <summary>
        Properties <span className="count">{frontmatter.properties.length}</span>
      </summary>
      <dl>
        {frontmatter.properties.map((p, i) => (
          <div className="property" key={`${p.key}-${i}`}>
            <dt>{p.key || '…'}</dt>
            <dd>{p.value || <span className="muted">empty</span>}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export function NoteView({
  content,
  target,
}: {
  content: string;
  target: { lines?: { start: number; end: number }; heading?: string } | null;
}) {
  const rendered = useMemo(() => renderNote(content), [content]);
  // A stable object: React re-assigns innerHTML whenever this prop's identity changes, which would wipe the
  // highlight classes added below on every unrelated re-render.
  const inner = useMemo(() => ({ __html: rendered.html }), [rendered]);
  const rootRef = useRef<HTMLDivElement>(null);
  const start = target?.lines?.start;
  const end = target?.lines?.end;
  const heading = target?.heading;

  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const hits =
      start !== undefined && end !== undefined ? highlightLines(root, start, end) : highlightLines(root, 0, 0);
    for (const el of hits) if (el instanceof HTMLDetailsElement) el.open = true;
    const first = hits[0] ?? (heading ? findHeading(root, heading) : null);
    if (first) first.scrollIntoView?.({ block: 'start' });
    else root.closest('.preview-body')?.scrollTo?.({ top: 0 });
  }, [rendered, start, end, heading]);

  return (
    <div ref={rootRef} className="note-view">
      {rendered.frontmatter && <Properties frontmatter={rendered.frontmatter} />}
      <div
        className="markdown note-body"
        onClick={(e) => handleMarkdownClick(e, { onWikilink: (t) => void usePreview.getState().followLink(t) })}
        dangerouslySetInnerHTML={inner}
      />
    </div>
  );
}

export function SourcePreview() {
  const note = usePreview((s) => s.note);
  const target = usePreview((s) => s.target);
  const loading = usePreview((s) => s.loading);
  const error = usePreview((s) => s.error);
  const canGoBack = usePreview((s) => s.history.length > 0);
  const { back, close, reveal } = usePreview.getState();

  return (
    <aside className="preview" role="complementary" aria-label="Source preview" aria-busy={loading}>
      <header className="preview-head">
        <div className="preview-title">
          {canGoBack && (
            <button type="button" className="icon-button" aria-label="Back" onClick={() => void back()}>
              <BackIcon />
            </button>
          )}
          <div className="preview-title-text">
            <h2>{note?.title ?? (loading ? 'Loading…' : 'Source')}</h2>
            {note && (
              <p className="preview-path" title={note.source}>
                {note.source}
                {target?.lines && (
                  <span className="cited-range"> · {formatLines(target.lines.start, target.lines.end)}</span>
                )}
              </p>
            )}
          </div>
          <button type="button" className="icon-button" aria-label="Close preview" onClick={close}>
            <CloseIcon />
          </button>
        </div>
        {note && (
          <div className="preview-actions">
            <a className="button small" href={note.obsidianUri} target="_blank" rel="noopener noreferrer">
              <ExternalIcon size={14} />
              Open in Obsidian
            </a>
            {/* Revealing in a file manager needs the desktop app: a browser tab has no file manager to open. */}
            {isDesktop() && (
              <button type="button" className="small" onClick={() => void reveal()}>
                <FolderIcon size={14} />
                Reveal file
              </button>
            )}
          </div>
        )}
      </header>
      {error && (
        <p className="error-text preview-error" role="alert">
          {error}
        </p>
      )}
      <div className={loading ? 'preview-body loading' : 'preview-body'}>
        {note && <NoteView content={note.content} target={target} />}
      </div>
    </aside>
  );
}
