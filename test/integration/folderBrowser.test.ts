/** vault:browse (web-mode folder picker): home only, symlink-safe, markdown counts, through the real web server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/fixtures.js';
import { BrowseError, browseFolders } from '../../src/services/folderBrowser.js';

describe('folder browser', () => {
  const tmp = tempDir();
  let home: string;
  beforeAll(() => {
    home = path.join(tmp.dir, 'home');
    const outside = path.join(tmp.dir, 'outside');
    mkdirSync(path.join(home, 'Vault/Daily'), { recursive: true });
    mkdirSync(path.join(home, 'Empty'), { recursive: true });
    mkdirSync(path.join(home, '.hidden'), { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(home, 'Vault/Home.md'), '# Home');
    writeFileSync(path.join(home, 'Vault/Daily/2026-01-18.md'), 'day');
    writeFileSync(path.join(home, 'Vault/Daily/image.png'), 'x');
    writeFileSync(path.join(outside, 'secret.md'), 'secret');
    symlinkSync(outside, path.join(home, 'LinkOut'));
  });
  afterAll(() => tmp.cleanup());

  it('lists the folders under home with their markdown counts, no hidden folders', () => {
    const r = browseFolders(undefined, home);
    expect(r.parent).toBeNull();
    const byName = Object.fromEntries(r.folders.map((f) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(['Empty', 'Vault']);
    expect(byName.Vault).toMatchObject({ markdownCount: 2, capped: false });
    expect(byName.Empty).toMatchObject({ markdownCount: 0 });
    const inner = browseFolders(byName.Vault!.path, home);
    expect(inner.folders.map((f) => f.name)).toEqual(['Daily']);
    expect(inner.parent).toBe(r.path);
  });

  it('refuses anything outside home: parents, absolute paths, and symlinks that lead out', () => {
    expect(() => browseFolders('..', home)).toThrow(BrowseError);
    expect(() => browseFolders('/etc', home)).toThrow(/inside your home folder/);
    expect(() => browseFolders(path.join(home, 'LinkOut'), home)).toThrow(/inside your home folder/);
    expect(() => browseFolders(path.join(home, 'Nope'), home)).toThrow(/No such folder/);
  });
});
