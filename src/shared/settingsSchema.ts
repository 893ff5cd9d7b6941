import { z } from 'zod';

/**
 * User-tunable settings, stored per index. Defaults are measured choices (see bench/README.md). Shared (no
 * Node imports) so the dev mock backend shows the very defaults the app ships, not its own.
 */
export const settingsSchema = z.object({
  chunkSize: z.number().int().min(32).max(2000).default(200),
  overlap: z.number().int().min(0).max(500).default(30),
  exclude: z.array(z.string()).default([]),
  k: z.number().int().min(1).max(50).default(5),
  /**
   * The relevance gate. null (the default) means auto: the embedding model's calibrated gate from the manifest
   * (0.22 for MPNet, 0.3 for MiniLM), because cosine scales differ between models. A number is the user's choice.
   */
  threshold: z.number().min(0).max(1).nullable().default(null),
  maxNoteMB: z.number().min(1).max(200).default(10),
  chatModelPath: z.string().nullable().default(null),
  /** The link policy (src/pipeline/linkPolicy.ts): off, so a shared vault cannot pull in files from elsewhere. */
  followExternalLinks: z.boolean().default(false),
  /** An OpenAI-compatible chat endpoint (Ollama, LM Studio, llama.cpp server), e.g. http://127.0.0.1:11434/v1. */
  chatEndpoint: z.string().max(2048).nullable().default(null),
  /** The model name the endpoint serves (e.g. "llama3.1:8b"). */
  chatModel: z.string().max(300).nullable().default(null),
  /** An endpoint (chat or embeddings) off this machine receives your notes: only with this set. */
  allowRemoteEndpoint: z.boolean().default(false),
  /**
   * Embedder for a new index or a re-index: a bundled model id, or with `embeddingEndpoint` the model name the
   * endpoint serves (e.g. "nomic-embed-text"); null = a bundled model chosen by the vault's language.
   */
  embeddingModel: z.string().nullable().default(null),
  /**
   * An OpenAI-compatible embedding endpoint (POST {endpoint}/embeddings) for a new index or a re-index, e.g.
   * http://127.0.0.1:11434/v1; null = the bundled ONNX models. An existing index keeps its model until re-indexed.
   */
  embeddingEndpoint: z.string().max(2048).nullable().default(null),
  /** The vault's language (ISO 639-1) for choosing its embedder; null = detected from a sample of notes. */
  language: z.string().nullable().default(null),
});
export type Settings = z.infer<typeof settingsSchema>;
