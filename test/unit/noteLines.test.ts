import { describe, expect, it } from 'vitest';
import { labelledSentences, listLabels } from '../../src/agent/noteLines.js';

describe('list labels: what a list item sentence is about beyond its own words', () => {
  it('gives a sentence after an item opens with a label that label, and the items nested under a label theirs', () => {
    const md = [
      '- Gifford: Iain at the hall committee, 07700 900 614. Hall open from 19:00, start 21:00, finish 00:45.',
      '- Kids:',
      '  - Ruby — born 12 February 2019. Obsessed with dinosaurs.',
      '  - **School:** Leith Primary',
      '- Phone: 07700 900 266',
    ].join('\n');
    expect(labelledSentences(md)).toEqual([
      // The item's first sentence holds its label; the next one does not.
      { text: 'Gifford: Iain at the hall committee, 07700 900 614.', labels: [] },
      { text: 'Hall open from 19:00, start 21:00, finish 00:45.', labels: ['Gifford'] },
      { text: 'Kids:', labels: [] },
      { text: 'Ruby — born 12 February 2019.', labels: ['Kids'] },
      { text: 'Obsessed with dinosaurs.', labels: ['Kids'] },
      { text: 'School: Leith Primary', labels: ['Kids'] },
      { text: 'Phone: 07700 900 266', labels: [] },
    ]);
  });

  it('takes no time, address or long sentence for a label, and ends a list at a paragraph', () => {
    expect(listLabels('- 19:00 start\n- see https://example.org: the site').map((l) => l.own)).toEqual([
      undefined,
      undefined,
    ]);
    expect(listLabels('- When we moved in last spring the landlord said: no pets')[0]!.own).toBeUndefined();
    const lines = listLabels('- Kids:\n  - Ruby\n\n  - Finn\nA paragraph after the list.\n  indented prose');
    expect(lines.map((l) => l.above)).toEqual([[], ['Kids'], [], ['Kids'], [], []]);
  });

  it('gives the lines that go on with an item its label', () => {
    expect(labelledSentences('- Gifford: Iain at the hall committee.\n  Hall open from 19:00.')).toEqual([
      { text: 'Gifford: Iain at the hall committee.', labels: [] },
      { text: 'Hall open from 19:00.', labels: ['Gifford'] },
    ]);
  });
});
