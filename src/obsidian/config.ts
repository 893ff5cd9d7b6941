/**
 * Settings of the vault's own Obsidian app that change how its notes should be read. Only read, never
 * written: the vault belongs to the user and to Obsidian.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Obsidian's daily-note format when the core plugin has none set. */
export const DEFAULT_DAILY_NOTE_FORMAT = 'YYYY-MM-DD';

/**
 * The moment.js format the vault's Daily notes core plugin names notes with (`.obsidian/daily-notes.json`),
 * or Obsidian's default. A missing, unreadable or garbled file is not an error worth failing a sync over:
 * Obsidian itself falls back to the default then.
 */
export function readDailyNoteFormat(vaultRoot: string): string {
  try {
    const raw = JSON.parse(readFileSync(path.join(vaultRoot, '.obsidian', 'daily-notes.json'), 'utf8')) as unknown;
    const format = (raw as { format?: unknown } | null)?.format;
    if (typeof format === 'string' && format.trim() !== '') return format.trim();
  } catch {
    // no config, or not JSON: the default applies
  }
  return DEFAULT_DAILY_NOTE_FORMAT;
}
