import { describe, expect, it } from 'vitest';
import { isInside } from '../../src/store/dataDir.js';
import { linkPolicyRefusal } from '../../src/pipeline/linkPolicy.js';

describe('isInside', () => {
  it('counts the folder itself and everything below it', () => {
    expect(isInside('/v', '/v')).toBe(true);
    expect(isInside('/v/a/b.md', '/v')).toBe(true);
  });

  it('counts names that only start with dots as inside (tldr has a page named "..md")', () => {
    expect(isInside('/v/..md', '/v')).toBe(true);
    expect(isInside('/v/...', '/v')).toBe(true);
    expect(isInside('/v/..hidden/x.md', '/v')).toBe(true);
    expect(linkPolicyRefusal('/v', '/v/..md', { followExternalLinks: false })).toBeNull();
  });

  it('refuses the parent, siblings and paths elsewhere', () => {
    expect(isInside('/', '/v')).toBe(false);
    expect(isInside('/vault2/a.md', '/v')).toBe(false);
    expect(isInside('/v2/a.md', '/v')).toBe(false);
    expect(isInside('/etc/passwd', '/v')).toBe(false);
    expect(linkPolicyRefusal('/v', '/etc/passwd', { followExternalLinks: false })).toMatch(/outside the vault/);
  });
});
