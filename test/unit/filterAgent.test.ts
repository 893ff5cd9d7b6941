import { describe, expect, it } from 'vitest';
import {
  acceptRefinedQuery,
  FILTER_JSON_SCHEMA,
  namesFolderOrTag,
  runFilterAgent,
  summariseNotes,
} from '../../src/agent/filterAgent.js';
import { FILTER_AGENT_PROMPT } from '../../src/agent/prompts.js';
import type { ChatTurn } from '../../src/models/chatModel.js';
import type { IndexedNote } from '../../src/store/noteNames.js';
import { lastUserText, ScriptedModel, type JsonReply } from '../helpers/scriptedModel.js';

/**
 * The filter agent's guards: whatever a small model proposes, only filters the user's own words justify
 * survive, the query never loses the user's words, and dates come from the deterministic translator.
 */

const notes: IndexedNote[] = [
  { source: 'Garden/Irrigation pump.md', title: 'Irrigation pump', aliases: ['pump'] },
  { source: 'Garden/Tomatoes.md', title: 'Tomatoes', aliases: [] },
  { source: 'Work/Meetings/Standup.md', title: 'Standup', aliases: [] },
  { source: 'Journal/2026-11-12.md', title: '2026-11-12', aliases: [] },
  { source: 'Inbox.md', title: 'Inbox', aliases: [] },
];
const today = new Date(2026, 10, 22); // Sunday 22 November 2026, local time
const question = 'How often should the irrigation pump run?';

const reply = (over: Record<string, unknown> = {}) => ({
  refined_query_for_vector_search: 'irrigation pump schedule',
  filter_by_filenames: [],
  folder: '',
  tag: '',
  ...over,
});

async function run(modelReply: JsonReply, query = question, extra: { recent?: ChatTurn[]; knownTags?: string[] } = {}) {
  const model = new ScriptedModel({ json: [modelReply] });
  const decision = await runFilterAgent(model, { query, recent: extra.recent ?? [], notes, today, ...extra });
  return { decision, model };
}

describe('runFilterAgent: garbage from the model falls back to no filters', () => {
  it.each<[string, JsonReply]>([
    ['null', null],
    ['a string', 'Garden/Irrigation pump.md'],
    ['an array', [reply()]],
    ['a number', 42],
    ['an empty object', {}],
    ['a query of the wrong type', reply({ refined_query_for_vector_search: 7 })],
    ['file names that are not a list', reply({ filter_by_filenames: 'Garden/Irrigation pump.md' })],
    ['a folder that is not a string', reply({ folder: ['Garden'] })],
  ])('%s → no filters, the original query', async (_label, garbage) => {
    const { decision, model } = await run(garbage);
    expect(decision.refined_query_for_vector_search).toBe(question);
    expect(decision.metadata_filters).toEqual({});
    expect(decision.filter_by_filenames).toEqual([]);
    expect(decision.notes.join(' ')).toMatch(/unusable/);
    expect(model.pending.json).toBe(0);
  });

  it('a model that throws → no filters, the original query', async () => {
    const model = new ScriptedModel({
      json: [
        () => {
          throw new Error('context overflow');
        },
      ],
    });
    const d = await runFilterAgent(model, { query: question, recent: [], notes, today });
    expect(d).toMatchObject({
      refined_query_for_vector_search: question,
      metadata_filters: {},
      filter_by_filenames: [],
    });
    expect(d.notes.join(' ')).toMatch(/context overflow/);
  });

  it('invented file names are dropped', async () => {
    const { decision } = await run(
      reply({
        refined_query_for_vector_search: '',
        filter_by_filenames: ['Secret/Plans.md', 'Garden/Irrigation pump v2.md', '../../etc/passwd'],
      }),
    );
    expect(decision.filter_by_filenames).toEqual([]);
    expect(decision.metadata_filters).toEqual({});
    expect(decision.refined_query_for_vector_search).toBe(question);
    expect(decision.notes.join(' ')).toMatch(/dropped 3 unknown file name/);
  });

  it('real file names the user never mentioned are ignored', async () => {
    const { decision } = await run(reply({ filter_by_filenames: ['Garden/Tomatoes.md', 'Inbox.md'] }));
    expect(decision.filter_by_filenames).toEqual([]);
    expect(decision.notes.join(' ')).toMatch(/did not name/);
  });

  it.each(['Garden', 'Work/Meetings', 'Recipes'])(
    'a folder the user never mentioned (%s) is ignored',
    async (folder) => {
      const { decision } = await run(reply({ folder }));
      expect(decision.metadata_filters).toEqual({});
    },
  );

  it('a tag that does not exist, or that the user did not name, is ignored', async () => {
    const invented = await run(reply({ tag: 'pump' }), question, { knownTags: ['garden'] });
    expect(invented.decision.metadata_filters).toEqual({});
    const unnamed = await run(reply({ tag: 'garden' }), question, { knownTags: ['garden'] });
    expect(unnamed.decision.metadata_filters).toEqual({});
  });

  it.each([
    ['an unrelated query', 'best pizza in Naples'],
    ['an empty query', '   '],
    ['a rambling query', 'irrigation pump '.repeat(30)],
  ])('%s is replaced by the original', async (_label, refined) => {
    const { decision } = await run(reply({ refined_query_for_vector_search: refined }));
    expect(decision.refined_query_for_vector_search).toBe(question);
  });
});

describe('runFilterAgent: filters the user asked for survive', () => {
  it('keeps a good refined query', async () => {
    const { decision } = await run(reply());
    expect(decision).toMatchObject({
      refined_query_for_vector_search: 'irrigation pump schedule',
      metadata_filters: {},
      filter_by_filenames: [],
    });
  });

  it('keeps a note the user names, matching the listed path case-insensitively and without .md', async () => {
    const { decision } = await run(
      reply({ filter_by_filenames: ['garden/irrigation pump'] }),
      'What does my Irrigation pump note say about winter?',
    );
    expect(decision.filter_by_filenames).toEqual(['Garden/Irrigation pump.md']);
  });

  it('keeps a folder the user names (normalising slashes), also when named earlier in the conversation', async () => {
    const direct = await run(reply({ folder: '/Garden/' }), 'What is in my garden folder about the pump?');
    expect(direct.decision.metadata_filters).toEqual({ folder: 'Garden' });
    const earlier = await run(reply({ folder: 'Work/Meetings' }), 'what did we decide about the budget?', {
      recent: [{ role: 'user', content: 'Look only at my meetings notes' }],
    });
    expect(earlier.decision.metadata_filters).toEqual({ folder: 'Work/Meetings' });
  });

  it('keeps a known tag the user names', async () => {
    const { decision } = await run(reply({ tag: '#garden' }), 'irrigation pump notes tagged garden', {
      knownTags: ['garden'],
    });
    expect(decision.metadata_filters).toEqual({ tags: 'garden' });
  });
});

describe('runFilterAgent: dates come from the deterministic translator', () => {
  const q = 'what did I write last week';
  const lastWeek = { date_from: '2026-11-09', date_to: '2026-11-15' };

  it.each<[string, JsonReply]>([
    ['a sensible reply', reply({ refined_query_for_vector_search: 'what did I write' })],
    [
      'a reply with its own (wrong) dates',
      {
        ...reply({ refined_query_for_vector_search: 'notes written in 1999' }),
        date_from: '1999-01-01',
        date_to: '1999-12-31',
      },
    ],
    ['garbage', null],
    ['an unusable shape', { refined: true }],
  ])('with %s', async (_label, modelReply) => {
    const { decision, model } = await run(modelReply, q);
    expect(decision.metadata_filters).toEqual(lastWeek);
    expect(decision.refined_query_for_vector_search).not.toMatch(/last week|1999/);
    // The model is shown today's date and the query without the date phrase.
    const prompt = lastUserText(model.prompts('completeJson')[0]!);
    expect(prompt).toContain('Today: 2026-11-22');
    expect(prompt).toMatch(/Search query: what did I write$/);
  });

  it('without a model', async () => {
    const d = await runFilterAgent(null, { query: q, recent: [], notes, today });
    expect(d).toMatchObject({ refined_query_for_vector_search: 'what did I write', metadata_filters: lastWeek });
    expect(d.notes.join(' ')).toContain('last week');
  });

  it('a date range and a named folder combine', async () => {
    const { decision } = await run(reply({ folder: 'Journal' }), 'what did I write in my journal last week');
    expect(decision.metadata_filters).toEqual({ ...lastWeek, folder: 'Journal' });
  });

  it('no date phrase, no date filter, whatever the model says', async () => {
    const { decision } = await run({ ...reply(), date_from: '2026-11-01' });
    expect(decision.metadata_filters).toEqual({});
  });
});

describe('runFilterAgent: the prompt', () => {
  it('uses the filter prompt, the JSON schema, the note list and the recent conversation', async () => {
    const { model } = await run(reply(), question, {
      recent: [
        { role: 'user', content: 'Tell me about the garden' },
        { role: 'assistant', content: 'Your garden notes cover tomatoes [1].' },
      ],
    });
    const call = model.calls[0]!;
    expect(call.turns[0]).toEqual({ role: 'system', content: FILTER_AGENT_PROMPT });
    expect(call.schema).toBe(FILTER_JSON_SCHEMA);
    const prompt = lastUserText(call.turns);
    for (const n of notes) expect(prompt).toContain(`- ${n.source}`);
    expect(prompt).toContain('(aka pump)');
    expect(prompt).toContain('user: Tell me about the garden');
    expect(prompt).toContain('assistant: Your garden notes cover tomatoes [1].');
  });

  it('a large vault is summarised as folders plus the notes whose titles match the query', () => {
    const many: IndexedNote[] = Array.from({ length: 200 }, (_, i) => ({
      source: `Folder ${i % 7}/Note ${i}.md`,
      title: `Note ${i}`,
      aliases: [],
    }));
    many.push({ source: 'Garden/Irrigation pump.md', title: 'Irrigation pump', aliases: [] });
    const text = summariseNotes(many, 'how does the irrigation pump work');
    expect(text).toContain('Folders: ');
    expect(text).toContain('Garden');
    expect(text).toContain('- Garden/Irrigation pump.md');
    expect(text).not.toContain('- Folder 1/Note 1.md');
    expect(text).toContain('(of 201)');
  });
});

describe('acceptRefinedQuery', () => {
  it('keeps a rewrite that shares words with the original, trimmed', () => {
    expect(acceptRefinedQuery('  irrigation pump schedule ', question)).toBe('irrigation pump schedule');
  });

  it('falls back to the original, saying why', () => {
    const why: string[] = [];
    expect(acceptRefinedQuery('pizza dough', question, why)).toBe(question);
    expect(acceptRefinedQuery('', question, why)).toBe(question);
    expect(acceptRefinedQuery('x'.repeat(301), question, why)).toBe(question);
    expect(why).toHaveLength(3);
  });

  it('accepts any non-empty rewrite of a question without content words', () => {
    expect(acceptRefinedQuery('greeting', 'hi')).toBe('greeting');
  });
});

describe('namesFolderOrTag', () => {
  const notes = [
    { source: 'Garden/Irrigation pump.md', title: 'Irrigation pump', aliases: [] },
    { source: 'Work/Projects/Launch plan.md', title: 'Launch plan', aliases: [] },
    { source: 'Inbox.md', title: 'Inbox', aliases: [] },
  ];
  const tags = ['recipe', 'travel'];
  it.each([
    ['When does the pump in my garden run?', true],
    ['What is in the Projects folder?', true],
    ['Show notes tagged travel', true],
    ['Anything about #recipe ideas', true],
    ['Which recipe uses rye flour?', true],
    ['When does the irrigation pump run?', false],
    ['How do I link to a heading in another note?', false],
  ])('%s → %s', (question, expected) => {
    expect(namesFolderOrTag(question, notes, tags)).toBe(expected);
  });
});
