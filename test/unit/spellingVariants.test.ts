import { describe, expect, it } from 'vitest';
import { otherSpellings } from '../../src/text/spellingVariants.js';

describe('otherSpellings: British and American spellings of one English word', () => {
  it('gives the other spelling each way, inflections included', () => {
    expect(otherSpellings('colour')).toEqual(['color']);
    expect(otherSpellings('color')).toEqual(['colour']);
    expect(otherSpellings('licence')).toContain('license');
    expect(otherSpellings('behaviours')).toContain('behaviors');
    expect(otherSpellings('grey')).toContain('gray');
    expect(otherSpellings('catalogue')).toContain('catalog');
    expect(otherSpellings('Favourite')).toContain('favorite');
  });

  it('swaps -ise/-ize and -yse/-yze endings the tables miss, and leaves short words alone', () => {
    expect(otherSpellings('customisable')).toContain('customizable');
    expect(otherSpellings('customizations')).toContain('customisations');
    expect(otherSpellings('paralysing')).toContain('paralyzing');
    expect(otherSpellings('rise')).toEqual([]);
    expect(otherSpellings('size')).toEqual([]);
  });

  it('has nothing for a word spelled one way only', () => {
    expect(otherSpellings('note')).toEqual([]);
    expect(otherSpellings('graph')).toEqual([]);
    expect(otherSpellings('')).toEqual([]);
  });
});
