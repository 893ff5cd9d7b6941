import { describe, expect, it } from 'vitest';
import { ToolMessage } from '@langchain/core/messages';
import { combineResults } from '../../src/agent/steps/compose.js';
import { answerSentences } from '../../src/agent/steps/reply.js';
import { withContext } from '../../src/agent/steps/decide.js';
import { NOTHING_FOUND } from '../../src/agent/prompts.js';
import type { RetrieveArtifact, SourceArtifact } from '../../src/agent/retrieveNotesTool.js';

/**
 * The main agent's steps on their own (src/agent/steps/), without the graph: how several searches' summaries
 * become one answer, what a recap may be checked against, and when a follow-up gets its context.
 */

function source(n: number, note: string): SourceArtifact {
  return {
    n,
    source: note,
    title: note,
    section_title: '',
    start_line: 1,
    end_line: 2,
    obsidian_uri: '',
    excerpt: '',
    chunks: [],
  };
}

function toolResult(content: string, sources: SourceArtifact[]): ToolMessage {
  const artifact = { sources } as Partial<RetrieveArtifact>;
  return new ToolMessage({ content, artifact, tool_call_id: `call_${content.length}` });
}

describe('combineResults', () => {
  it('numbers sources once across searches, renumbering each summary’s citations to match', () => {
    const first = toolResult('Tea is brewed at 80 °C [1]. Green tea is steamed [2].', [
      source(1, 'tea.md'),
      source(2, 'green.md'),
    ]);
    // The second search found green.md again (as its [1]) and a new note (its [2]).
    const second = toolResult('Green tea is steamed [1]; matcha is ground [2].', [
      source(1, 'green.md'),
      source(2, 'matcha.md'),
    ]);
    const { answer, sources } = combineResults([first, second]);
    expect(sources.map((s) => [s.n, s.source])).toEqual([
      [1, 'tea.md'],
      [2, 'green.md'],
      [3, 'matcha.md'],
    ]);
    expect(answer).toBe(
      'Tea is brewed at 80 °C [1]. Green tea is steamed [2].\n\nGreen tea is steamed [2]; matcha is ground [3].',
    );
  });

  it('leaves out searches that found nothing, and keeps a citation no source backs as written', () => {
    const empty = toolResult(NOTHING_FOUND, [source(1, 'ignored.md')]);
    const found = toolResult('Coffee is roasted [1], see also [7].', [source(1, 'coffee.md')]);
    const { answer, sources } = combineResults([empty, found]);
    expect(sources.map((s) => s.source)).toEqual(['coffee.md']);
    expect(answer).toBe('Coffee is roasted [1], see also [7].');
  });
});

describe('answerSentences', () => {
  it('takes the last two answers’ sentences without their citations, keeping the citations apart', () => {
    const said = answerSentences([
      { role: 'assistant', content: 'An old answer [4].' },
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'Tea is brewed at 80 °C [1]. It steeps two minutes [1][2].' },
      { role: 'user', content: 'q2' },
      { role: 'assistant', content: 'Matcha is ground [3].' },
    ]);
    expect(said).toEqual([
      { text: 'Tea is brewed at 80 °C.', cites: '[1]' },
      { text: 'It steeps two minutes.', cites: '[1][2]' },
      { text: 'Matcha is ground.', cites: '[3]' },
    ]);
  });

  it('reads the marks after a full stop as the sentence’s own, as answers write them', () => {
    expect(
      answerSentences([
        {
          role: 'assistant',
          content: 'Muchos tipos se pueden incrustar en tus notas. [1] Puedes abrir la nota. Y cerrarla. [2]',
        },
      ]),
    ).toEqual([
      { text: 'Muchos tipos se pueden incrustar en tus notas.', cites: '[1]' },
      { text: 'Puedes abrir la nota.', cites: '' },
      { text: 'Y cerrarla.', cites: '[2]' },
    ]);
  });
});

describe('withContext', () => {
  const history = [
    { role: 'user' as const, content: 'how do I brew green tea' },
    { role: 'assistant' as const, content: 'At 80 °C [1].' },
  ];
  it('attaches the previous question to a follow-up', () => {
    expect(withContext('and what about the second one?', history)).toBe(
      'how do I brew green tea and what about the second one?',
    );
  });
  it('leaves a standalone question alone', () => {
    expect(withContext('where are my travel notes', history)).toBe('where are my travel notes');
  });
  it('attaches it to a short question that points back', () => {
    expect(withContext('can I undo that?', history)).toBe('how do I brew green tea can I undo that?');
    expect(withContext('how do I turn on spell check for it', history)).toBe(
      'how do I brew green tea how do I turn on spell check for it',
    );
  });
  it('attaches a follow-up of a follow-up to the question both go on from', () => {
    const thread = [
      { role: 'user' as const, content: '¿Cómo sincronizo mis notas entre el móvil y el ordenador?' },
      { role: 'assistant' as const, content: 'Con Obsidian Sync [1].' },
      { role: 'user' as const, content: '¿Eso cuesta dinero?' },
      { role: 'assistant' as const, content: 'Sí [1].' },
    ];
    expect(withContext('¿Y se puede cifrar eso?', thread)).toBe(
      '¿Cómo sincronizo mis notas entre el móvil y el ordenador? ¿Y se puede cifrar eso?',
    );
    // A request about the answer asks nothing of the notes: the follow-up after it goes on from the question.
    const afterRecap = [
      ...thread.slice(0, 2),
      { role: 'user' as const, content: 'resume lo que dijiste' },
      { role: 'assistant' as const, content: 'Con Obsidian Sync [1].' },
    ];
    expect(withContext('¿Y se puede cifrar eso?', afterRecap)).toBe(
      '¿Cómo sincronizo mis notas entre el móvil y el ordenador? ¿Y se puede cifrar eso?',
    );
  });

  it('reads a short follow-up in the language of the question before it', () => {
    // "Kostet das etwas?" alone reads as English, whose patterns do not know "das".
    const german = [
      { role: 'user' as const, content: 'Wie synchronisiere ich meine Notizen mit dem Handy?' },
      { role: 'assistant' as const, content: 'Mit Obsidian Sync [1].' },
    ];
    expect(withContext('Kostet das etwas?', german)).toBe(
      'Wie synchronisiere ich meine Notizen mit dem Handy? Kostet das etwas?',
    );
  });

  it('leaves alone a question that ends in "it" but names its own subject', () => {
    // Found through `obsiquery ask` on the help vault: glued to the question before, it got the answer before.
    const q = "is there a way to see notes that mention this one but don't link to it";
    expect(withContext(q, history)).toBe(q);
    expect(withContext('how do I share my vault with someone who uses it', history)).toBe(
      'how do I share my vault with someone who uses it',
    );
  });
});
