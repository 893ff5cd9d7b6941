/** Modal listing one file's chunks as stored in the index: text plus the metadata retrieval sees. */
import { useEffect, useRef } from 'react';
import { formatLines, formatNumber } from '../lib/format.js';
import { useLog } from '../store/logStore.js';
import { CloseIcon } from './Icons.js';

/** Tags are stored as one comma-joined string (",project/garden,arduino,"): one chip per tag. */
export function tagList(tags: string | null | undefined): string[] {
  return [...new Set((tags ?? '').split(',').map((t) => t.trim().replace(/^#/, '')))].filter(Boolean);
}

export function ChunksDialog() {
  const dialog = useLog((s) => s.dialog);
  const close = useLog((s) => s.closeChunks);
  const closeRef = useRef<HTMLButtonElement>(null);
  const source = dialog?.source;

  useEffect(() => {
    if (!source) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => previous?.focus();
  }, [source]);

  if (!dialog) return null;
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-label={`Chunks of ${dialog.source}`}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            close();
          }
        }}
      >
        <header className="modal-head">
          <div>
            <h2>Chunks</h2>
            <p className="muted small mono">{dialog.source}</p>
          </div>
          <button ref={closeRef} type="button" className="icon-button" aria-label="Close" onClick={close}>
            <CloseIcon />
          </button>
        </header>
        <div className="modal-body">
          {dialog.loading && <p className="muted">Loading chunks…</p>}
          {dialog.error && (
            <p className="error-text" role="alert">
              {dialog.error}
            </p>
          )}
          {!dialog.loading && !dialog.error && dialog.chunks.length === 0 && (
            <p className="muted">This file has no chunks in the index.</p>
          )}
          <ol className="chunk-list">
            {dialog.chunks.map((c) => (
              <li key={c.chunk_id} className="chunk">
                <div className="chunk-meta">
                  <span className="chunk-index">#{c.chunk_index}</span>
                  {c.header_path && <span className="chunk-path">{c.header_path}</span>}
                  <span>{formatLines(c.start_line, c.end_line)}</span>
                  <span>{formatNumber(c.token_count)} tokens</span>
                  {c.contains_code && <span className="tag">code{c.code_language ? `: ${c.code_language}` : ''}</span>}
                  {tagList(c.tags).map((t) => (
                    <span key={t} className="tag">
                      #{t}
                    </span>
                  ))}
                </div>
                <pre className="chunk-text">{c.page_content}</pre>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </div>
  );
}
