import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/fixtures.js';
import { readNote } from '../../src/pipeline/readNote.js';

/** readNote's message for a note that is not UTF-8 names the offset of the first bad byte, on real files. */
describe('readNote: the first bad byte of a note that is not UTF-8', () => {
  const tmp = tempDir('obq-readnote-');
  afterAll(() => tmp.cleanup());

  const offsetOf = async (bytes: number[]): Promise<number> => {
    const file = path.join(tmp.dir, `note-${Math.random()}.md`);
    writeFileSync(file, Buffer.from(bytes));
    const err = await readNote(file).then(
      () => null,
      (e: Error) => e,
    );
    const m = /first bad byte at offset (\d+)\)/.exec(err?.message ?? '');
    expect(m, err?.message ?? 'no error').not.toBeNull();
    return Number(m![1]);
  };
  const ascii = (s: string) => [...Buffer.from(s, 'utf8')];

  it.each<[string, number[], number]>([
    // A Latin-1 "é" (0xE9) reads as the start of a three-byte sequence and fails only at the next byte.
    ['a Latin-1 byte just before "\\n"', [...ascii('# Caf'), 0xe9, ...ascii('\nmore')], 5],
    ['a Latin-1 byte just before a letter', [...ascii('caf'), 0xe9, ...ascii(' au lait')], 3],
    ['a Latin-1 byte after a real multi-byte character', [...ascii('é '), 0xe9, 0x0a], 3],
    ['a byte that never starts a sequence', [...ascii('ab'), 0xff, ...ascii('\n')], 2],
    ['a bad continuation inside a sequence', [...ascii('x'), 0xe2, 0x28, 0xa1], 1],
    ['an overlong encoding', [...ascii('ok '), 0xc0, 0xaf], 3],
    ['a sequence cut off at the end of the file', [...ascii('abc'), 0xe2, 0x82], 3],
    ['a lone continuation byte', [...ascii('abcd'), 0x80, ...ascii('e')], 4],
  ])('%s', async (_label, bytes, offset) => {
    expect(await offsetOf(bytes)).toBe(offset);
  });
});
