import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { appDataRoot } from '../store/dataDir.js';
import { settingsSchema, type Settings } from '../shared/settingsSchema.js';
import { BadRequestError } from '../shared/errors.js';

export { settingsSchema, type Settings };

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

/** A setting the user asked for that cannot work; the message says why. */
export class SettingsError extends BadRequestError {
  constructor(message: string) {
    super('request.settings', message);
    this.name = 'SettingsError';
  }
}

/** Every GGUF file starts with these four bytes ("GGUF"). */
const GGUF_MAGIC = Buffer.from('GGUF', 'ascii');

/**
 * Why `file` cannot be the chat model, or null when it can: an absolute path to an existing, readable
 * `.gguf` file that starts with the GGUF magic bytes. Checked when the setting is saved, so a typo shows
 * up in Settings instead of as a failed chat minutes later.
 */
export function chatModelPathProblem(file: string): string | null {
  if (!path.isAbsolute(file)) return `Chat model path must be an absolute path, got "${file}".`;
  if (!file.toLowerCase().endsWith('.gguf')) return `Chat model must be a .gguf file: ${file}`;
  let fd: number;
  try {
    if (!statSync(file).isFile()) return `Chat model path is not a file: ${file}`;
    fd = openSync(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `Chat model file not found: ${file}`;
    if (code === 'EACCES' || code === 'EPERM') return `Chat model file is not readable (permission denied): ${file}`;
    return `Cannot open chat model file ${file}: ${(err as Error).message}`;
  }
  try {
    const head = Buffer.alloc(4);
    const n = readSync(fd, head, 0, 4, 0);
    if (n < 4 || !head.equals(GGUF_MAGIC))
      return `Not a GGUF model: ${file} does not start with the GGUF signature (is it a partial download or another format?).`;
  } catch (err) {
    return `Cannot read chat model file ${file}: ${(err as Error).message}`;
  } finally {
    closeSync(fd);
  }
  return null;
}

export function saveSettings(dataDir: string, patch: Partial<Settings>): Settings {
  if (typeof patch.chatModelPath === 'string') {
    const problem = chatModelPathProblem(patch.chatModelPath);
    if (problem) throw new SettingsError(problem);
  }
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
