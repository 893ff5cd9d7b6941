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
  /**
   * The relevance gate. null (the default) means auto: the embedding model's calibrated gate from the manifest
   * (0.22 for MPNet, 0.3 for MiniLM), because cosine scales differ between models. A number is the user's choice.
   */
  threshold: z.number().min(0).max(1).nullable().default(null),
  maxNoteMB: z.number().min(1).max(200).default(10),
  chatModelPath: z.string().nullable().default(null),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * Settings files written before the threshold became model-calibrated hold the old default 0.3 whether or not
 * the user chose it (every save wrote all fields); read it as auto. Files written since carry this version.
 */
const SETTINGS_VERSION = 2;
const OLD_DEFAULT_THRESHOLD = 0.3;

export function loadSettings(dataDir: string): Settings {
  const file = path.join(dataDir, 'settings.json');
  if (!existsSync(file)) return settingsSchema.parse({});
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (raw.version !== SETTINGS_VERSION && raw.threshold === OLD_DEFAULT_THRESHOLD) raw.threshold = null;
    return settingsSchema.parse(raw);
  } catch {
    // A hand-edited, broken settings file falls back to defaults rather than blocking the app.
    return settingsSchema.parse({});
  }
}

export function saveSettings(dataDir: string, patch: Partial<Settings>): Settings {
  const next = settingsSchema.parse({ ...loadSettings(dataDir), ...patch });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ ...next, version: SETTINGS_VERSION }, null, 2));
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
