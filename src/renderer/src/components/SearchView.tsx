/** Semantic search over the index, one best chunk per note, with folder/tag/date filters. */
import { useEffect, useRef, useState } from 'react';
import type { SearchHitT } from '../../../shared/contract.js';
import { highlightTerms, makeSnippet } from '../lib/highlightTerms.js';
import { formatLines } from '../lib/format.js';
import { relevancePercent } from '../../../shared/relevance.js';
import { useApp } from '../store/appStore.js';
import { usePreview } from '../store/previewStore.js';
import { useSearch, type SearchFilters } from '../store/searchStore.js';
import { NoteIcon, SearchIcon } from './Icons.js';

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightTerms(text, query).map((seg, i) =>
        seg.match ? <mark key={i}>{seg.text}</mark> : <span key={i}>{seg.text}</span>,
      )}
    </>
  );
}

function Result({ hit, query }: { hit: SearchHitT; query: string }) {
  const active = usePreview((s) => s.target?.source === hit.source && s.target.lines?.start === hit.start_line);
  return (
    <li>
      <button
        type="button"
        className={active ? 'result active' : 'result'}
        onClick={() =>
          void usePreview.getState().show({ source: hit.source, lines: { start: hit.start_line, end: hit.end_line } })
        }
      >
        <span className="result-head">
          <NoteIcon size={15} />
          <span className="result-title">
            <Highlighted text={hit.title} query={query} />
          </span>
          <span className="result-score" title="Relevance" data-testid="relevance">
            <span className="relevance-bar" aria-hidden="true">
              <span style={{ width: `${relevancePercent(hit.score)}%` }} />
            </span>
            {relevancePercent(hit.score)}%
          </span>
        </span>
        <span className="result-path">
          {hit.source}
          {hit.header_path && <> › {hit.header_path}</>} · {formatLines(hit.start_line, hit.end_line)}
        </span>
        <span className="result-snippet">
          <Highlighted text={makeSnippet(hit.page_content, query)} query={query} />
        </span>
      </button>
    </li>
  );
}

const FILTER_FIELDS: { key: keyof SearchFilters; label: string; type: string; placeholder?: string }[] = [
  { key: 'folder', label: 'Folder', type: 'text', placeholder: 'e.g. Projects/' },
  { key: 'tags', label: 'Tag', type: 'text', placeholder: 'e.g. meeting' },
  { key: 'date_from', label: 'Date from', type: 'date' },
  { key: 'date_to', label: 'Date to', type: 'date' },
];

export function SearchView() {
  const query = useSearch((s) => s.query);
  const filters = useSearch((s) => s.filters);
  const results = useSearch((s) => s.results);
  const resultsFor = useSearch((s) => s.resultsFor);
  const loading = useSearch((s) => s.loading);
  const error = useSearch((s) => s.error);
  const { setQuery, setFilter, clearFilters } = useSearch.getState();
  const focusRequest = useApp((s) => s.searchFocusRequest);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [focusRequest]);

  const hasFilters = Object.values(filters).some((v) => v.trim() !== '');
  // Hits below the relevance gate stay out of the list until asked for; a new search hides them again.
  const [showWeak, setShowWeak] = useState(false);
  useEffect(() => setShowWeak(false), [resultsFor]);
  const strong = results.filter((h) => !h.weak);
  const weakCount = results.length - strong.length;
  const shown = showWeak ? results : strong;

  return (
    <section className="page search-page" aria-labelledby="search-title">
      <h1 id="search-title" className="visually-hidden">
        Search
      </h1>
      <div className="search-box">
        <SearchIcon size={18} />
        <input
          ref={inputRef}
          type="search"
          aria-label="Search notes"
          placeholder="Search your notes…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          maxLength={500}
          autoComplete="off"
        />
        {loading && <span className="spinner" aria-hidden="true" />}
      </div>
      <fieldset className="filters">
        <legend className="visually-hidden">Filters</legend>
        {FILTER_FIELDS.map((f) => (
          <label key={f.key} className="filter">
            <span>{f.label}</span>
            <input
              type={f.type}
              value={filters[f.key]}
              placeholder={f.placeholder}
              onChange={(e) => setFilter(f.key, e.target.value)}
            />
          </label>
        ))}
        {hasFilters && (
          <button type="button" className="ghost small" onClick={clearFilters}>
            Clear filters
          </button>
        )}
      </fieldset>

      <div className="results" aria-busy={loading}>
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        {!query.trim() && (
          <p className="muted center empty-hint">Type to search across your notes by meaning, not just words.</p>
        )}
        {query.trim() && resultsFor !== null && !loading && results.length === 0 && !error && (
          <p className="muted center empty-hint">No matching notes{hasFilters ? ' with these filters' : ''}.</p>
        )}
        {results.length > 0 && query.trim() && (
          <>
            <p className="muted small" role="status">
              {strong.length === 0 ? 'No strong matches' : `${strong.length} ${strong.length === 1 ? 'note' : 'notes'}`}
            </p>
            {shown.length > 0 && (
              <ul className="result-list" aria-label="Search results">
                {shown.map((hit) => (
                  <Result key={`${hit.source}:${hit.start_line}`} hit={hit} query={resultsFor ?? query} />
                ))}
              </ul>
            )}
            {weakCount > 0 && (
              <button type="button" className="ghost small show-weak" onClick={() => setShowWeak((v) => !v)}>
                {showWeak ? 'Hide weaker matches' : `Show weaker matches (${weakCount})`}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
