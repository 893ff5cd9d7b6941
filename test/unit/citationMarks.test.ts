import { describe, expect, it } from 'vitest';
import { citedNumbers, renumberCitations } from '../../src/agent/citationMarks.js';

describe('citation marks', () => {
  it('lists each cited number once, in the order the answer first cites it', () => {
    expect(citedNumbers('Sync runs in the background [3]. It keeps versions [1][3]. See [12].')).toEqual([3, 1, 12]);
    expect(citedNumbers('No marks here, only [a] and [ 2 ].')).toEqual([]);
  });

  it('renumbers the marks it knows and drops or keeps the others', () => {
    const renumber = new Map([
      [3, 1],
      [1, 2],
    ]);
    const answer = 'First [3]. Second [1]. Unshown [7].';
    expect(renumberCitations(answer, renumber, 'drop')).toBe('First [1]. Second [2]. Unshown .');
    expect(renumberCitations(answer, renumber, 'keep')).toBe('First [1]. Second [2]. Unshown [7].');
  });
});
