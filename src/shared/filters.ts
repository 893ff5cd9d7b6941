import { z } from 'zod';

/** A calendar date as the filters take it: YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Metadata filters the agent and the UI may set. Every one applies to dense and sparse retrieval alike, before ranking. */
export const metadataFiltersSchema = z
  .object({
    /** A folder and everything below it, vault-relative ('Projects' matches 'Projects/Garden/x.md'). */
    folder: z.string().max(1024).optional(),
    /** One tag or a list (any of them); with or without '#'. Nested tags match their parents' filter. */
    tags: z.union([z.string().max(256), z.array(z.string().max(256)).max(50)]).optional(),
    /** Inclusive ISO dates, matched against the note's date (daily-note name or frontmatter) or its mtime. */
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    contains_code: z.boolean().optional(),
    code_language: z.string().max(64).optional(),
  })
  .strict();
export type MetadataFilters = z.infer<typeof metadataFiltersSchema>;
