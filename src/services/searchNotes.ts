import { unreadLanguageNotice } from '../agent/unreadLanguage.js';
import type { Embedder } from '../models/embedder.js';
import { similaritySearch, type SearchInput, type SearchResult } from '../search/similaritySearch.js';
import type { Index } from '../store/openIndex.js';

/**
 * A search a person (or an assistant) runs themselves: the search box, `obsiquery search` and MCP's `search_notes`.
 * Besides the hits it returns what to tell them about the hits: the query is in a language the vault's embedder does
 * not read (unreadLanguage.ts), search fell back to keywords, or no note is dated in the range asked. The agent searches
 * through similaritySearch itself: it also acts on the language notice (no refusal for words the notes lack).
 */
export async function searchNotes(
  index: Index,
  embedder: Embedder,
  input: Omit<SearchInput, 'onNotice'>,
): Promise<{ hits: SearchResult[]; notices: string[] }> {
  const notices: string[] = [];
  const unread = unreadLanguageNotice(input.refined_query_for_vector_search, embedder.modelId);
  if (unread) notices.push(unread);
  const hits = await similaritySearch(index, embedder, { ...input, onNotice: (n) => notices.push(n) });
  return { hits, notices };
}
