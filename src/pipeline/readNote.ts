import { promises as fsp } from 'node:fs';
import { VaultFamilyError } from '../shared/errors.js';

/** A note larger than this is reported, not indexed: embedding megabytes of one file is never what a user wants. */
export const DEFAULT_MAX_NOTE_BYTES = 10 * 1024 * 1024;

export class NoteReadError extends VaultFamilyError {
  constructor(
    message: string,
    /** The file vanished between discovery and reading: treat as deleted, not failed. */
    readonly gone = false,
  ) {
    super('vault.noteUnreadable', message);
    this.name = 'NoteReadError';
  }
}

/** Reads a note as text, turning every way a file can be unusable into a specific, actionable message. */
export async function readNote(
  filePath: string,
  maxBytes = DEFAULT_MAX_NOTE_BYTES,
): Promise<{ text: string; bytes: Buffer }> {
  let bytes: Buffer;
  try {
    const st = await fsp.stat(filePath);
    if (st.size > maxBytes) {
      throw new NoteReadError(
        `Note is ${(st.size / 1048576).toFixed(1)} MB, above the ${(maxBytes / 1048576).toFixed(0)} MB limit for one note; it was skipped (raise "Max note size" (maxNoteMB) in settings to index it).`,
      );
    }
    bytes = await fsp.readFile(filePath);
  } catch (err) {
    if (err instanceof NoteReadError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new NoteReadError('File was deleted before it could be read.', true);
    if (code === 'EACCES' || code === 'EPERM')
      throw new NoteReadError('Permission denied: ObsiQuery cannot read this file.');
    if (code === 'EISDIR') throw new NoteReadError('This path is a folder, not a note.');
    throw new NoteReadError(`Cannot read file: ${(err as Error).message}`);
  }
  const head = bytes.subarray(0, 8192);
  if (head.includes(0))
    throw new NoteReadError('This looks like a binary file (it contains NUL bytes), not a markdown note.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new NoteReadError(
      `Not valid UTF-8 text (first bad byte at offset ${firstInvalidUtf8(bytes)}); re-save the note as UTF-8.`,
    );
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text, bytes };
}

/**
 * Offset of the first byte of the first sequence that is not UTF-8. The longest prefix a streaming decoder accepts
 * is found by binary search (a streaming decode accepts every prefix of what it accepts, and holds back an
 * unfinished sequence at the end instead of failing), each probe on a fresh decoder so no probe inherits the held
 * bytes of the one before. The byte after that prefix is where decoding fails; when the prefix ends inside an
 * unfinished sequence (a Latin-1 "é", 0xE9, reads as the start of a three-byte one and fails only at the next
 * byte, "\n" say), that sequence's first byte is the bad one.
 */
function firstInvalidUtf8(buf: Buffer): number {
  let lo = 0;
  let hi = buf.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, mid), { stream: true });
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  return unfinishedSequenceStart(buf, lo) ?? lo;
}

/** The start of a multi-byte sequence that `end` cuts short, or null when `end` falls between characters. */
function unfinishedSequenceStart(buf: Buffer, end: number): number | null {
  for (let i = end - 1; i >= Math.max(0, end - 4); i--) {
    const b = buf[i]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: the sequence started earlier
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return end - i < length ? i : null;
  }
  return null;
}
