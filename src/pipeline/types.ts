/** Shapes shared by the pipeline stages. Kept free of any I/O so the chunker, the worker and tests can import them. */

export type BlockType =
  | 'frontmatter'
  | 'heading'
  | 'paragraph'
  | 'code'
  | 'list_item'
  | 'blockquote'
  | 'table'
  | 'html'
  | 'hr';

/** A semantic block cut from the original text by markdown-it's token.map (0-based, end-exclusive lines). */
export interface Block {
  type: BlockType;
  /** Raw markdown of the block, exactly as it stands in the note (original line endings normalised to \n). */
  text: string;
  startLine: number;
  endLine: number;
  /** Heading path in force for this block, e.g. ['Sync', 'Settings']. For a heading block it includes itself. */
  headerPath: string[];
  /** Fence info string for code blocks, e.g. 'ts'. */
  codeLanguage?: string;
  /** Heading level, for heading blocks. */
  level?: number;
}

export interface ChunkOptions {
  /** Target chunk size in tokens (approximated, see estimateTokens). */
  chunkSize: number;
  /** Overlap budget in tokens repeated from the previous chunk. */
  overlap: number;
}

export interface Chunk {
  /** Raw markdown of the chunk (what gets stored as page_content). */
  text: string;
  chunkIndex: number;
  /** 0-based, inclusive first line and exclusive last line in the note. */
  startLine: number;
  endLine: number;
  /** Character offsets into the normalised note text. */
  startPos: number;
  endPos: number;
  headerPath: string[];
  sectionTitle: string;
  tokenCount: number;
  containsCode: boolean;
  codeLanguage: string;
}

/** Metadata parsed from a note: frontmatter plus inline tags and outgoing links. Stored as obq_log.metadata_json. */
export interface NoteMetadata {
  title: string;
  aliases: string[];
  tags: string[];
  /** ISO dates (YYYY-MM-DD) found in frontmatter (date, created, updated, ...) or the daily-note filename. */
  dates: string[];
  /** Outgoing [[wikilink]] targets, without heading/alias parts. */
  links: string[];
  /** Remaining frontmatter keys, JSON-safe. */
  frontmatter: Record<string, unknown>;
}
