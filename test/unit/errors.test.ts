import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, ObsiQueryError, describeError, isDiskFull } from '../../src/shared/errors.js';
import { VaultError } from '../../src/pipeline/discover.js';
import { NoteReadError } from '../../src/pipeline/readNote.js';
import { LinkPolicyError } from '../../src/pipeline/linkPolicy.js';
import { SyncBusyError } from '../../src/pipeline/syncLock.js';
import { CorruptIndexError } from '../../src/store/indexDb.js';
import { DataDirError, ModelMismatchError } from '../../src/store/openIndex.js';
import { DimensionMismatchError } from '../../src/store/vectorStore.js';
import { SearchInputError } from '../../src/search/similaritySearch.js';
import { ChatEndpointError } from '../../src/models/openaiChat.js';
import { UsageError } from '../../src/services/vaultService.js';
import { SettingsError } from '../../src/services/settings.js';
import { BrowseError } from '../../src/services/folderBrowser.js';
import { PathRefusedError } from '../../src/services/notePaths.js';
import { IndexMissingError } from '../../src/mcp/vaultReader.js';

describe('one error hierarchy', () => {
  const errors: [Error, string][] = [
    [new VaultError('v'), 'vault.invalid'],
    [new NoteReadError('n'), 'vault.noteUnreadable'],
    [new LinkPolicyError('l'), 'vault.linkPolicy'],
    [new PathRefusedError('p'), 'vault.pathRefused'],
    [new SyncBusyError(1), 'index.locked'],
    [new CorruptIndexError('c', 'f'), 'index.corrupt'],
    [new IndexMissingError('/d', null), 'index.notFound'],
    [new DataDirError('d'), 'index.dataDir'],
    [new ModelMismatchError('a', 'b'), 'embedding.modelMismatch'],
    [new DimensionMismatchError(1, 2), 'embedding.dimensionMismatch'],
    [new SearchInputError('s'), 'request.searchInput'],
    [new ChatEndpointError('e'), 'model.endpoint'],
    [new UsageError('u'), 'request.usage'],
    [new SettingsError('s'), 'request.settings'],
    [new BrowseError('b'), 'request.browse'],
  ];

  it('every error we raise is an ObsiQueryError with a known, stable code and keeps its own name', () => {
    for (const [err, code] of errors) {
      expect(err).toBeInstanceOf(ObsiQueryError);
      expect((err as ObsiQueryError).code).toBe(code);
      expect(Object.keys(ERROR_CODES)).toContain(code);
      expect(err.name).not.toBe('Error');
      expect((err as ObsiQueryError).family).toBe(code.split('.')[0]);
    }
  });

  it('derives exit codes and HTTP status from the code', () => {
    expect(describeError(new VaultError('gone')).exitCode).toBe(2);
    expect(describeError(new UsageError('bad')).exitCode).toBe(2);
    expect(describeError(new SyncBusyError(7))).toMatchObject({ exitCode: 1, showStack: false });
    expect(describeError(new CorruptIndexError('c', 'f'))).toMatchObject({ exitCode: 1, showStack: true });
    expect(describeError(new Error('boom'))).toMatchObject({ code: 'internal', exitCode: 1, httpStatus: 200 });
    const zod = z.object({ k: z.number() }).safeParse({ k: 'x' }).error!;
    const d = describeError(zod);
    expect(d.code).toBe('request.invalid');
    expect(d.httpStatus).toBe(400);
    expect(d.message).toMatch(/^Invalid request: k: /);
  });

  it('recognises a full disk however it is worded', () => {
    expect(isDiskFull(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull(new Error('database or disk is full'))).toBe(true);
    expect(isDiskFull(new Error('IO error: No space left on device (os error 28)'))).toBe(true);
    expect(isDiskFull(new Error('permission denied'))).toBe(false);
  });
});
