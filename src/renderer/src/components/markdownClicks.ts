/**
 * Rendered markdown is injected as HTML, so its interactive bits (citation buttons, wikilinks) are handled by
 * one delegated click listener on the container instead of per-element React handlers.
 */
import type { MouseEvent } from 'react';

export interface MarkdownClickHandlers {
  onCitation?(n: number): void;
  onWikilink?(target: string): void;
}

export function handleMarkdownClick(e: MouseEvent<HTMLElement>, handlers: MarkdownClickHandlers): void {
  const target = e.target instanceof Element ? e.target : null;
  const citation = target?.closest<HTMLElement>('[data-citation]');
  if (citation && handlers.onCitation) {
    e.preventDefault();
    handlers.onCitation(Number(citation.dataset.citation));
    return;
  }
  const link = target?.closest<HTMLElement>('[data-wikilink]');
  if (link) {
    e.preventDefault();
    handlers.onWikilink?.(link.dataset.wikilink ?? '');
  }
}
