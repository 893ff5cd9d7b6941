import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { appDataRoot } from '../store/dataDir.js';

/** User-tunable settings, stored per index. Defaults are measured choices (see bench/README.md). */
export const settingsSchema = z.object({
  chunkSize: z.number().int().min(32).max(2000).default(200),
  overlap: z.number().int().min(0).max(500).default(30),
  exclude: z.array(z.string()).default([]),
  k: z.number().int().min(1).max(50).default(5),
  threshold: z.number().min(0).max(1).default(0.3),
  maxNoteMB: z.number().min(1).max(200).default(10),
  chatModelPath: z.string().nullable().default(null),
  /** Embedder for a new index or a re-index (a bundled model id); null = chosen by the vault's language. */
  embeddingModel: z.string().nullable().default(null),
  /** The vault's language (ISO 639-1) for choosing its embedder; null = detected from a sample of notes. */
  language: z.string().nullable().default(null),
});
export type Settings = z.infer<typeof settingsSchema>;

export function loadSettings(dataDir: string): Settings {
  const file = path.join(dataDir, 'settings.json');
  if (!existsSync(file)) return settingsSchema.parse({});
  try {
    return settingsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // A hand-edited, broken settings file falls back to defaults rather than blocking the app.
    return settingsSchema.parse({});
  }
}

export function saveSettings(dataDir: string, patch: Partial<Settings>): Settings {
  const next = settingsSchema.parse({ ...loadSettings(dataDir), ...patch });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify(next, null, 2));
  return next;
}

/** The vaults a user has added, and which one is current: lets CLI commands run without --vault. */
const knownSchema = z.object({
  current: z.string().nullable().default(null),
  vaults: z.array(z.object({ vault: z.string(), dataDir: z.string() })).default([]),
});
export type KnownVaults = z.infer<typeof knownSchema>;

function knownFile(): string {
  return path.join(appDataRoot(), 'vaults.json');
}

export function loadKnownVaults(): KnownVaults {
  try {
    return knownSchema.parse(JSON.parse(readFileSync(knownFile(), 'utf8')));
  } catch {
    return knownSchema.parse({});
  }
}

export function rememberVault(vault: string, dataDir: string): void {
  const known = loadKnownVaults();
  known.vaults = [...known.vaults.filter((v) => v.vault !== vault), { vault, dataDir }];
  known.current = vault;
  try {
    mkdirSync(appDataRoot(), { recursive: true });
    writeFileSync(knownFile(), JSON.stringify(known, null, 2));
  } catch {
    // Remembering is a convenience; a read-only home must not fail a sync.
  }
}
