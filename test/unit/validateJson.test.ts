import { describe, expect, it } from 'vitest';
import { validateJson } from '../../src/models/openaiChat.js';
import { FILTER_JSON_SCHEMA } from '../../src/agent/filterAgent.js';
import { DECISION_SCHEMA } from '../../src/agent/steps/decide.js';

/**
 * What an endpoint's JSON answer must be before the agent reads it. A server that ignores `response_format` (or a
 * grammar that does not bound strings) lets a model write anything; the schema's own bounds are checked here.
 */
describe('validateJson', () => {
  const decision = { action: 'retrieve_notes_tool', query: 'obsidian sync price', folder: '', tag: '' };

  it('accepts an object the schema describes', () => {
    expect(validateJson(decision, DECISION_SCHEMA)).toEqual(decision);
  });

  it('rejects a missing field, a wrong type and an action outside the enum', () => {
    expect(validateJson({ ...decision, tag: undefined, folder: 3 }, DECISION_SCHEMA)).toBeNull();
    expect(validateJson({ action: 'search', query: 'x', folder: '', tag: '' }, DECISION_SCHEMA)).toBeNull();
    const { tag: _tag, ...noTag } = decision;
    expect(validateJson(noTag, DECISION_SCHEMA)).toBeNull();
  });

  it('rejects a string past its maxLength, counted in characters, and an array past its maxItems', () => {
    const long = '/p/s/1024/t/l'.repeat(20);
    expect(long.length).toBeGreaterThan(200);
    expect(validateJson({ ...decision, query: long }, DECISION_SCHEMA)).toBeNull();
    // 200 characters of Japanese are 600 UTF-8 bytes and 200 characters: within the bound.
    expect(validateJson({ ...decision, query: 'あ'.repeat(200) }, DECISION_SCHEMA)).not.toBeNull();
    const filter = { refined_query_for_vector_search: 'q', filter_by_filenames: [], folder: '', tag: '' };
    expect(validateJson(filter, FILTER_JSON_SCHEMA)).toEqual(filter);
    const six = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md'];
    expect(validateJson({ ...filter, filter_by_filenames: six }, FILTER_JSON_SCHEMA)).toBeNull();
    expect(validateJson({ ...filter, filter_by_filenames: six.slice(0, 5) }, FILTER_JSON_SCHEMA)).not.toBeNull();
  });
});
