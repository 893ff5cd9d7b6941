import { describe, expect, it } from 'vitest';
import { keepCited } from '../../src/agent/retrieveNotesTool.js';
import { SYNTHESIZER_PROMPT } from '../../src/agent/prompts.js';
import {
  leadInsWithCode,
  leadInsWithList,
  commandLines,
  formatNotes,
  quotePool,
  selectAnswerSentences,
  sentencesSaid,
  sentencesNotToRepeat,
  shortStatement,
  statedFact,
  synthesize,
  verifyAnswer,
} from '../../src/agent/synthesizer.js';
import { boldHeading, boldQuestion, plainText, splitSentences } from '../../src/text/sentences.js';
import { sectionsOfChunk } from '../../src/agent/noteLines.js';
import { searchResult, useBundledEmbedder } from '../helpers/answerParts.js';
import { lastUserText, ScriptedModel } from '../helpers/scriptedModel.js';

/**
 * The synthesizer's grounding guarantees: every sentence of an answer is supported by the chunk it cites,
 * invented sentences are dropped, citations resolve to unique notes, and quotes carry no markdown markup.
 * Uses the real bundled embedder (selection ranks sentences by embedding similarity).
 */

const chunk = searchResult;

const pump = chunk(
  'Garden/Irrigation pump.md',
  '## Schedule\nThe irrigation pump runs every morning at six and waters the tomato beds for twenty minutes.\n\n> [!warning] Drain the pump before the first frost, or the housing cracks.',
  { header_path: 'Schedule', section_title: 'Schedule', start_line: 3, end_line: 7 },
);
const timer = chunk('Garden/Timer.md', 'The timer battery lasts about two years and is replaced every spring.');
const sourdough = chunk(
  'Kitchen/Sourdough.md',
  'Feed the sourdough starter with equal weights of flour and water every day.',
);
const chunks = [pump, timer, sourdough];

/** Every "… [n]" sentence of an answer, as [sentence body, n]. */
function citedSentences(answer: string): [string, number][] {
  return [...answer.matchAll(/([^[\]]+?)\s*\[(\d+)\]/g)].map((m) => [m[1]!.trim(), Number(m[2])]);
}

describe('verifyAnswer', () => {
  it('drops an invented sentence that no chunk supports', () => {
    const v = verifyAnswer(
      'The irrigation pump runs every morning at six [1]. The pump was invented by Leonardo da Vinci in Florence [1].',
      chunks,
    );
    expect(v.text).toBe('The irrigation pump runs every morning at six. [1]');
    expect(v.cited).toEqual([1]);
  });

  it('re-cites a sentence that cites the wrong chunk to the one that supports it', () => {
    const v = verifyAnswer('The timer battery lasts about two years [1].', chunks);
    expect(v.text).toBe('The timer battery lasts about two years. [2]');
    expect(v.cited).toEqual([2]);
  });

  it('cites uncited or out-of-range sentences to their supporting chunk, including callout text', () => {
    const v = verifyAnswer('Feed the sourdough starter with flour and water. Drain the pump before frost [9].', chunks);
    expect(v.text).toBe('Feed the sourdough starter with flour and water. [3] Drain the pump before frost. [1]');
    expect(v.cited).toEqual([1, 3]);
  });

  it('keeps a correct citation when several chunks would support the sentence', () => {
    const twin = chunk('Garden/Pump copy.md', pump.page_content);
    expect(verifyAnswer('The irrigation pump runs every morning at six [2].', [pump, twin]).cited).toEqual([2]);
  });

  it('drops a sentence whose number or date its note does not hold, however many of its words it holds', () => {
    expect(
      verifyAnswer('The irrigation pump runs every morning at 6 [1].', [
        chunk('P.md', 'The pump runs every morning at 6.'),
      ]).text,
    ).toBe('The irrigation pump runs every morning at 6. [1]');
    const diary = chunk('People/Maya.md', '2026-10-20 — onboarding v2 kickoff, she presented three wireframe options');
    expect(
      verifyAnswer('2019-10-18 — onboarding v2 kickoff, she presented three wireframe options [1].', [diary]),
    ).toEqual({
      text: '',
      cited: [],
    });
    expect(
      verifyAnswer('2026-10-20 — onboarding v2 kickoff, she presented three wireframe options [1].', [diary]).cited,
    ).toEqual([1]);
  });

  it('drops everything from a draft with no grounded sentence', () => {
    expect(verifyAnswer('I am a large language model. Bananas are yellow [2].', chunks)).toEqual({
      text: '',
      cited: [],
    });
    expect(verifyAnswer('', chunks)).toEqual({ text: '', cited: [] });
    expect(verifyAnswer('[1] [2]', chunks)).toEqual({ text: '', cited: [] });
  });

  it('never splits a sentence across a line break', () => {
    expect(splitSentences('First line without a stop\nSecond line. Third one.')).toEqual([
      'First line without a stop',
      'Second line.',
      'Third one.',
    ]);
  });

  it('does not end a sentence at an abbreviation before a name', () => {
    expect(
      splitSentences(
        'Check-up on 2026-12-03 at 09:15 with Dr. Amara Okafor, Riverside Dental. Booked on 2026-11-16. Vitamin D. Then run.',
      ),
    ).toEqual([
      'Check-up on 2026-12-03 at 09:15 with Dr. Amara Okafor, Riverside Dental.',
      'Booked on 2026-11-16.',
      'Vitamin D.',
      'Then run.',
    ]);
    expect(splitSentences('Use Result<T, E> and the ? operator. Why? Because.')).toEqual([
      'Use Result<T, E> and the ? operator.',
      'Why?',
      'Because.',
    ]);
    expect(splitSentences('Nutze z. B. Dateien. Llama al Sr. García. Voir Mme. Martin.')).toEqual([
      'Nutze z. B. Dateien.',
      'Llama al Sr. García.',
      'Voir Mme. Martin.',
    ]);
  });

  it('does not end a sentence at a day or ordinal written with a full stop (German, Nordic, Slavic)', () => {
    // "am 16. November" was cut after "16.", and "November seinen Akkuschrauber geliehen" quoted without its day.
    expect(splitSentences('Hat mir am 16. November seinen Akkuschrauber geliehen. Unbedingt zurückgeben!')).toEqual([
      'Hat mir am 16. November seinen Akkuschrauber geliehen.',
      'Unbedingt zurückgeben!',
    ]);
    expect(splitSentences('Reisedaten: 9. bis 16. April 2027 (7 Nächte)')).toEqual([
      'Reisedaten: 9. bis 16. April 2027 (7 Nächte)',
    ]);
    expect(splitSentences('Tapaaminen on 3. joulukuuta kello 9.')).toEqual(['Tapaaminen on 3. joulukuuta kello 9.']);
    // A number that ends an English sentence still ends it.
    expect(splitSentences('Chapter 3. The plan is set.')).toEqual(['Chapter 3.', 'The plan is set.']);
  });
});

describe('with the real embedder', () => {
  const embedder = useBundledEmbedder();

  describe('selectAnswerSentences', () => {
    it('reads a sentence in its place: under the note title that says what it is about', async () => {
      // Alone, Tom's note's sentences are no closer to "who is Tom" than the relevance rule's `near`, and the other
      // note's sentence that mentions Tom won.
      const lena = chunk(
        'People/Lena Novak.md',
        '# Lena Novak\n\nMy older sister. Lives in Vienna, works as a **veterinarian**.\n\n- Birthday: **14 January**\n' +
          "- Coming with me on the [[Lisbon Trip]] in April 2027\n- Allergic to cats, so she won't stay at Tom's",
      );
      const tom = chunk(
        'People/Tom Becker.md',
        '# Tom Becker\n\nNeighbour at number 14, retired electrician. The person to ask about anything with wires or ' +
          'plants.\n\n- Has a huge vegetable garden and a greenhouse; grows chillies every year',
      );
      const r = await selectAnswerSentences('who is Tom', [lena, tom], [], embedder());
      expect(r.cited[0]).toBe(2);
      expect(r.text).toMatch(/^The person to ask about anything with wires or plants\. \[2\]/);
    });

    it('reads a daily note sentence without its date title, which says when and not what about', async () => {
      const day = chunk('Daily/2026-10-27.md', '- [ ] Call the dentist again\n- [x] Order irrigation parts');
      const health = chunk(
        'Areas/Health.md',
        '## Appointments\n\n- Dentist: check-up and cleaning on 2026-12-03 at 09:15',
      );
      const r = await selectAnswerSentences('when is my dentist appointment', [day, health], [], embedder());
      expect(r.text).toMatch(/^Dentist: check-up and cleaning on 2026-12-03 at 09:15 \[2\]/);
    });

    it('ranks first the sentence that holds more of the key words the question names', async () => {
      // The clipping note's sentence is closer in meaning (cosine 0.57 against 0.47) and ranked first, and was quoted
      // first; the variables note's names the CSS selectors asked about (KEY_WORD_SHARE_WEIGHT).
      const clip = chunk(
        'Obsidian Web Clipper/Clip web pages.md',
        'Web Clipper can save a highlighted passage instead of the whole article.',
      );
      const variables = chunk(
        'Obsidian Web Clipper/Variables.md',
        'Selector variables allow you to extract text content from elements on the page using CSS selectors.',
      );
      const r = await selectAnswerSentences(
        'grab one specific element of a page with a CSS selector when clipping',
        [clip, variables],
        [],
        embedder(),
      );
      expect(r.cited[0]).toBe(2);
      expect(r.text).toMatch(/^Selector variables allow you/);
    });

    it('still shows the same step written in two notes once, whatever the notes are called', async () => {
      const a = chunk('Getting started/Create your first note.md', 'Press Ctrl+N (Cmd+N on macOS) to create a note.');
      const b = chunk('Files and folders/Manage notes.md', 'Press Ctrl+N (Cmd+N on macOS) to create a note.');
      const r = await selectAnswerSentences('which keys create a new note', [a, b], [], embedder());
      expect(r.cited).toHaveLength(1);
    });

    it('lifts the sentence that answers the question from the notes, cited to its chunk', async () => {
      const r = await selectAnswerSentences('How long does the timer battery last?', chunks, [], embedder());
      expect(r).toEqual({
        text: 'The timer battery lasts about two years and is replaced every spring. [2]',
        cited: [2],
        generated: false,
      });
    });

    it('does not pad the answer with an off-topic second sentence', async () => {
      const r = await selectAnswerSentences('When does the irrigation pump run?', chunks, [], embedder());
      expect(r.cited).toEqual([1]);
      expect(r.text).toContain('runs every morning at six');
      expect(r.text).not.toMatch(/sourdough|battery/);
    });

    it('a verified draft sentence competes too, and may cite a chunk beyond the quote pool', async () => {
      const extra = [
        chunk('B.md', 'Bees visit the lavender in June.'),
        chunk('C.md', 'The shed key hangs by the door.'),
        chunk('D.md', 'The compost heap is turned every other week.'),
      ];
      const r = await selectAnswerSentences(
        'When does the irrigation pump run?',
        [timer, sourdough, ...extra, pump],
        [{ text: 'The irrigation pump runs every morning at six. [6]', n: 6, generated: true }],
        embedder(),
      );
      // Only the top five notes are mined for sentences (ANSWER_POOL), so the draft is the only candidate about the pump.
      expect(r).toEqual({ text: 'The irrigation pump runs every morning at six. [6]', cited: [6], generated: true });
    });

    it("never quotes a FAQ's question, a code line or a links-only list item, only the notes' statements", async () => {
      const faq = chunk(
        'Teams/Commercial license.md',
        [
          '**Can I use the commercial license I purchased on both my work phone and work computer?**',
          '',
          'Yes. This means you can use the same license key on all your individual work devices.',
        ].join('\n'),
      );
      const cli = chunk(
        'Extending Obsidian/Obsidian CLI.md',
        'Turn restricted mode on or off.\n\n```bash\non                 # enable restricted mode\noff                # disable restricted mode\n```\n\n- [[Restricted mode]]',
      );
      const r = await selectAnswerSentences(
        'can I use the same commercial license key on my work laptop and my work phone',
        [faq, cli],
        [],
        embedder(),
      );
      expect(r.text).toContain('This means you can use the same license key on all your individual work devices. [1]');
      expect(r.text).not.toMatch(/\?|# enable|^Restricted mode/);
      const mode = await selectAnswerSentences(
        'what is restricted mode and how do I turn it on',
        [cli],
        [],
        embedder(),
      );
      expect(mode.text).toBe('Turn restricted mode on or off. [1]');
    });

    it('quotes a shell command line when no sentence of the notes answers', async () => {
      const headless = chunk(
        'Obsidian Publish/Headless Publish.md',
        [
          'Headless Publish lets you publish without the desktop app.',
          '',
          '```shell',
          '# Preview changes without publishing',
          'ob publish --dry-run',
          '```',
        ].join('\n'),
      );
      const r = await selectAnswerSentences(
        'publish my site from a CI job on a schedule, with a dry run first',
        [headless],
        [],
        embedder(),
      );
      expect(r.text).toContain('ob publish --dry-run [1]');
    });

    it('quotes sentences without markdown markup and never quotes a heading', async () => {
      const r = await selectAnswerSentences(
        'What happens if I do not drain the pump before frost?',
        chunks,
        [],
        embedder(),
      );
      expect(r.text).toContain('Drain the pump before the first frost, or the housing cracks. [1]');
      expect(r.text).not.toMatch(/\[!|^>|Schedule|#/);
    });

    it('quotes a second note when the first fills the top chunks', async () => {
      // Five chunks of one note about the pump's schedule come first; the answer is in the sixth, another note's.
      const schedule = [
        'The pump schedule is kept in the shed on a laminated card.',
        'The schedule card lists the beds in the order they are watered.',
        'Each bed on the schedule card has its own colour.',
        'The schedule card was last updated when the beans were planted.',
        'A copy of the schedule card hangs in the kitchen as well.',
      ].map((text, i) => chunk('Garden/Pump schedule.md', text, { chunk_index: i }));
      const fuse = chunk('Garden/Fuse box.md', 'If the pump stops, reset the blue fuse in the garage fuse box.');
      const all = [...schedule, fuse];
      expect(quotePool(all)).toEqual([0, 1, 2, 3, 5]);
      const r = await selectAnswerSentences('The pump stopped, which fuse do I reset?', all, [], embedder());
      expect(r.cited).toContain(6);
      expect(r.text).toContain('reset the blue fuse in the garage fuse box. [6]');
    });

    it('quotes a table row as a sentence, its cells named by the header', async () => {
      const shortcuts = chunk(
        'Editing shortcuts.md',
        [
          '### Text navigation',
          '',
          '| Action | Shortcut |',
          '|-|-|',
          '| Move the cursor to the beginning of the current line | `Cmd+←` |',
          '| Move the cursor to the end of the current line | `Cmd+→` |',
          '| Move the cursor to the previous line | `↑` |',
        ].join('\n'),
      );
      const r = await selectAnswerSentences(
        'mac shortcut to move the cursor to the end of the line',
        [shortcuts, timer],
        [],
        embedder(),
        1,
      );
      expect(r.text).toBe('Move the cursor to the end of the current line — Shortcut: Cmd+→ [1]');
    });

    it('quotes a short "label: value" line of a note, which states a fact whole', async () => {
      // Sample vault: "what's the hostname of my home server" was refused; "Hostname: atlas.lan" is 19 characters,
      // below what a sentence must have, and "how often do I go running" had only "Plan: 3 runs a week" to answer.
      const server = chunk(
        'Projects/Home Server Migration.md',
        '## Network\n\n- Hostname: `atlas.lan`\n- New static IP: **192.168.1.40** (the old Pi was 192.168.1.23)\n' +
          '- Gateway / DNS: 192.168.1.1',
      );
      const health = chunk(
        'Areas/Health.md',
        '## Running\n\nGoal: run a **10 km under 55 minutes** by March 2027.\n\n- Plan: 3 runs a week\n' +
          '\t- Tuesday: easy 5 km\n\t- Sunday: long run, +1 km each week',
      );
      const host = await selectAnswerSentences(
        "what's the hostname of my home server",
        [server, health],
        [],
        embedder(),
      );
      expect(host.text).toMatch(/^Hostname: atlas\.lan \[1\]/);
      const runs = await selectAnswerSentences('how often do I go running', [health, server], [], embedder(), 1, {
        unknownWords: ['often'],
      });
      expect(runs.text).toBe('Plan: 3 runs a week [1]');
    });

    it('answers a question with a word no note holds by a sentence sharing two key words, or close in meaning', async () => {
      // Sample vault: "what's the recipe for lasagna" was answered "Wrote the recipe down properly anyway." and "what's
      // my bank account number" "Neighbour at number 14, retired electrician.": one shared word beside a missing one
      // is the vault's vocabulary, not an answer (answersDespiteLackedWord).
      const day = chunk(
        'Daily/2026-11-03.md',
        '- Baked my first sourdough loaf. Dense and flat like a frisbee. Starter was not active enough and bulk was ' +
          'way too short. Wrote the recipe down properly anyway. #cooking',
      );
      const tom = chunk(
        'People/Tom Becker.md',
        'Neighbour at number 14, retired electrician. The person to ask about anything with wires or plants.',
      );
      const bread = chunk(
        'Resources/Sourdough Bread.md',
        '## Bake\n\nBake the loaf at 250 °C with the lid on for 20 minutes, then 230 °C with the lid off for 25 minutes.',
      );
      const ask = (q: string, unknownWords: string[], found: ReturnType<typeof chunk>[]) =>
        selectAnswerSentences(q, found, [], embedder(), 2, { unknownWords });
      expect((await ask("what's the recipe for lasagna", ['lasagna'], [day, tom, bread])).text).toBe('');
      expect((await ask("what's my bank account number", ['bank', 'account'], [tom, day, bread])).text).toBe('');
      // "temperature" is in no note either, but the answer shares "bake", "loaf" and "lid".
      expect(
        (await ask('at what temperature do I bake the loaf with the lid on', ['temperature'], [bread, day, tom])).text,
      ).toMatch(/^Bake the loaf at 250 °C with the lid on/);
    });

    it('what is asked of someone is a word no note holds: none of their sentences says it, however close', async () => {
      // Journal: "what's Ravi's salary" was answered "Birthday: 14 March [1] Partner: Sam. [1]": close in meaning to
      // a question about Ravi, and "Ravi" is common to the notes search found, so the possessive rule asked nothing more.
      const found = [
        chunk(
          'People/Ravi Patel.md',
          'Team lead at Fernwood Analytics. Partner: Sam. Plays board games, especially Wingspan and Terraforming ' +
            'Mars.\n\n- Birthday: 14 March\n- Prefers written updates over meetings.',
        ),
        chunk(
          'Daily/2026-10-11.md',
          'Ran the Lakeside 30 km race as a test for the marathon. Knee fine, calves destroyed. Afternoon nap, then ' +
            'pasta with Ravi and Sam to celebrate.',
        ),
        chunk(
          'Daily/2026-10-04.md',
          'Hiked the ridge trail above Lindau with Ravi and his partner Sam. Lost my sunglasses at the hut.',
        ),
        chunk(
          'Areas/Money.md',
          "Rent: 1,090 euros since October 2026 (was 1,050). Savings goal: an emergency fund of three months' expenses.",
        ),
      ];
      const ask = (q: string, unknownWords: string[]) =>
        selectAnswerSentences(q, found, [], embedder(), 2, { unknownWords });
      expect((await ask("what's Ravi's salary", ['salary'])).text).toBe('');
      expect((await ask('what is the salary of Ravi', ['salary'])).text).toBe('');
      // What the notes hold is still answered.
      expect((await ask("when is Ravi's birthday", [])).text).toMatch(/Birthday: 14 March \[1\]/);
      expect((await ask("what's the name of Ravi's partner", [])).text).toMatch(/Partner: Sam/);
    });

    it("within a time, a word no note holds asks no more of a line than one shared key word: the notes are the time's", async () => {
      // Journal: "what did I find in the forest on 18 October" lacks "did" in every note; that day's note answers it
      // by "forest" alone, and was refused when the rule above applied within a date filter too.
      const walk = chunk(
        'Journal/Autumn walk.md',
        'Walked through the beech forest behind the reservoir; the leaves were copper and gold. Found porcini ' +
          'mushrooms near the old quarry and fried them with butter and thyme for dinner.',
        { note_date: '2026-10-18' },
      );
      const r = await synthesize(null, embedder(), {
        query: 'what did I find in the forest on 18 October',
        chunks: [walk],
        recent: [],
        unknownWords: ['did'],
        // As the agent passes it: the question without its date phrase (withoutDatePhrase).
        dateScope: { from: '2026-10-18', to: '2026-10-18', rest: 'what did I find in the forest on  ' },
      });
      expect(r.answer).toMatch(/^Walked through the beech forest|^Found porcini/);
    });

    it('reads a list item under its heading: the heading says what the item is about', async () => {
      // "Retention: 7 daily, 4 weekly, 6 monthly" shares no word with a question about keeping backups; under
      // "## Backups" it does. Before, such questions were refused (tuning part sample-vault-3-tune).
      const server = chunk(
        'Projects/Home Server Migration.md',
        '```bash\n# on the Pi: stop everything first\ndocker compose down\n```\n\n## Backups\n\n' +
          '- Nightly `restic` snapshot of `/srv/docker` to the USB disk at 02:00\n- Off-site copy: **not done yet**\n' +
          '- Retention: 7 daily, 4 weekly, 6 monthly',
        { section_title: 'Copying the data' },
      );
      const trip = chunk(
        'Projects/Lisbon Trip.md',
        '## Key facts\n\n- Stay: small apartment in Alfama, check-in after 15:00',
      );
      const r = await selectAnswerSentences('for how long are my backups retained', [server, trip], [], embedder(), 1);
      expect(r.text).toBe('Retention: 7 daily, 4 weekly, 6 monthly [1]');
    });

    it("reads a sentence under its list item's label: the label says what the item is about", async () => {
      // "Hall open from 19:00, start 21:00…" shares one word of six with the question; under its item's label
      // "Gifford" it shares two (tuning part personal-en-2-tune, refused before).
      const gigs = chunk(
        'Band/Gigs.md',
        '## Contacts\n\n- Harelaw Barn: wedding coordinator Jo, load-in round the back, no parking after 17:00\n' +
          '- Gifford: Iain at the hall committee, 07700 900 614. Hall open from 19:00, start 21:00, finish 00:45 ' +
          'after the bells. Soup and stovies provided!',
      );
      const school = chunk('School/Timetable.md', '## Periods\n\n- Period 3 starts at 10:45 and runs to 11:35.');
      const r = await selectAnswerSentences(
        'what time do we start playing at Gifford on hogmanay',
        [gigs, school],
        [],
        embedder(),
        1,
      );
      expect(r.text).toBe('Hall open from 19:00, start 21:00, finish 00:45 after the bells. [1]');
    });

    it('answers what is asked of a person from items nested under a label, counting no auxiliary or number', async () => {
      // "Ruby — born 12 February 2019" says when one of Calum's kids was born through its label "Kids"; "were" and
      // "two" are no key words it must share (tuning part personal-en-2-tune, refused before).
      const calum = chunk(
        'People/Calum.md',
        '# Calum\n\nBig brother. Calum MacLeod, paramedic with the ambulance service in Glasgow.\n\n' +
          '- Birthday: 9 December\n- Wife: Priya (a pharmacist, the sensible one)\n- Kids:\n' +
          '  - Ruby — born 12 February 2019. Obsessed with dinosaurs.\n  - Finn — born 30 September 2022. Trains.\n',
        { title: 'Calum' },
      );
      const niamh = chunk('People/Niamh.md', '# Niamh\n\n- Birthday: 2 March\n- Kids: none, one very spoiled cat');
      const r = await selectAnswerSentences("when were Calum's two kids born", [calum, niamh], [], embedder(), 2);
      expect(r.text).toBe('Ruby — born 12 February 2019. [1] Finn — born 30 September 2022. [1]');
    });

    it('returns nothing when there is nothing quotable', async () => {
      const tiny = [chunk('A.md', '# Title\nShort.')];
      expect(await selectAnswerSentences('anything', tiny, [], embedder())).toEqual({
        text: '',
        cited: [],
        generated: false,
      });
    });
  });

  describe('synthesize', () => {
    it('drops what the model invented, fixes its wrong citation, and never streams the unchecked draft', async () => {
      const draft =
        'The irrigation pump runs every morning at six [2]. It was installed by my neighbour Bob in 1987 [1].';
      const model = new ScriptedModel({ text: [draft] });
      const tokens: string[] = [];
      const s = await synthesize(
        model,
        embedder(),
        { query: 'When does the irrigation pump run?', chunks, recent: [] },
        { onToken: (t) => tokens.push(t) },
      );

      expect(tokens).toEqual([]);
      expect(s.notInNotes).toBe(false);
      expect(s.answer).not.toMatch(/Bob|1987|installed/);
      expect(s.answer).toMatch(/every morning at six[^[]*\[1\]/);
      expect(s.answer).not.toContain('[2]');
      expect(s.cited).toEqual([1]);
      // Every sentence of the answer is supported by the chunk it cites.
      for (const [sentence, n] of citedSentences(s.answer)) {
        expect(verifyAnswer(`${sentence} [${n}]`, chunks).cited).toEqual([n]);
      }
    });

    it('streams checked sentences as they are chosen, and never an echo of a note header', async () => {
      const model = new ScriptedModel({
        text: [
          'Irrigation pump › Schedule [1]. Question: When does the irrigation pump run? The irrigation pump runs every morning at six [1]. Bob built it.',
        ],
      });
      const streamed: string[] = [];
      const s = await synthesize(
        model,
        embedder(),
        { query: 'When does the irrigation pump run?', chunks, recent: [] },
        { onSentence: (x) => streamed.push(x) },
      );
      expect(s.answer).not.toMatch(/›|Schedule \[|Bob|Question|When does/);
      expect(s.answer).toMatch(/every morning at six/);
      // What was streamed is exactly the answer, sentence by sentence.
      expect(streamed.join('')).toBe(s.answer);
      expect(streamed.length).toBe(s.answer.split(/(?<=\]) /).length);
    });

    it('prompts with the synthesizer prompt, numbered plain-text notes, the conversation and the question', async () => {
      const model = new ScriptedModel({ text: ['The timer battery lasts about two years [2].'] });
      await synthesize(model, embedder(), {
        query: 'How long does the battery last?',
        chunks,
        recent: [
          { role: 'user', content: 'Tell me about the garden timer' },
          { role: 'assistant', content: 'It runs on a battery [2].' },
          { role: 'user', content: 'how long does it last' },
        ],
      });
      const turns = model.prompts('complete')[0]!;
      expect(turns[0]).toEqual({ role: 'system', content: SYNTHESIZER_PROMPT });
      const prompt = lastUserText(turns);
      // The conversation before this question; the question itself is the prompt's last line, not repeated.
      expect(prompt).toContain(
        'Conversation so far:\nuser: Tell me about the garden timer\nassistant: It runs on a battery [2].\n\nNotes:',
      );
      expect(prompt).toContain(formatNotes(chunks));
      expect(prompt).toContain('[1] Irrigation pump › Schedule\nThe irrigation pump runs');
      expect(prompt).toContain('[2] Timer\n');
      expect(prompt).not.toMatch(/\[!warning\]|## Schedule/);
      expect(prompt).toMatch(/Question: How long does the battery last\?$/);
    });

    it('falls back to the notes’ own words when the whole draft is invented', async () => {
      const model = new ScriptedModel({ text: ['Batteries are made of lithium mined in Chile [2].'] });
      const s = await synthesize(model, embedder(), {
        query: 'How long does the timer battery last?',
        chunks,
        recent: [],
      });
      expect(s).toEqual({
        answer: 'The timer battery lasts about two years and is replaced every spring. [2]',
        cited: [2],
        method: 'extractive',
        notInNotes: false,
      });
    });

    it('without a model, answers extractively', async () => {
      const s = await synthesize(null, embedder(), {
        query: 'How long does the timer battery last?',
        chunks,
        recent: [],
      });
      expect(s.method).toBe('extractive');
      expect(s.cited).toEqual([2]);
    });

    it('believes "your notes don\'t say" only when every chunk is a weak match', async () => {
      const weak = chunks.map((c) => ({ ...c, dense_score: 0.3 }));
      const no = await synthesize(new ScriptedModel({ text: ["Your notes don't say."] }), embedder(), {
        query: 'How long does the timer battery last?',
        chunks: weak,
        recent: [],
      });
      expect(no).toMatchObject({ answer: '', cited: [], notInNotes: true });

      const yes = await synthesize(new ScriptedModel({ text: ["Your notes don't say."] }), embedder(), {
        query: 'How long does the timer battery last?',
        chunks,
        recent: [],
      });
      expect(yes.notInNotes).toBe(false);
      expect(yes.cited).toEqual([2]);
    });

    it('never calls the model without chunks', async () => {
      const model = new ScriptedModel();
      const s = await synthesize(model, embedder(), { query: 'anything', chunks: [], recent: [] });
      expect(s).toMatchObject({ answer: '', notInNotes: true });
      expect(model.calls).toHaveLength(0);
    });
  });
});

describe('sectionsOfChunk', () => {
  it("cuts a chunk at its headings, the chunk's own section first, and never at a '#' inside fenced code", () => {
    const md = '- a\n```bash\n# a comment\n```\n## Backups\n\n- b\n### Off-site\n- c';
    expect(sectionsOfChunk(md, 'Copying the data')).toEqual([
      { heading: 'Copying the data', text: '- a\n```bash\n# a comment\n```' },
      { heading: 'Backups', text: '## Backups\n\n- b' },
      { heading: 'Off-site', text: '### Off-site\n- c' },
    ]);
    expect(sectionsOfChunk('## **Bold** [[Link|shown]]\ntext', 'X')).toEqual([
      { heading: 'Bold shown', text: '## **Bold** [[Link|shown]]\ntext' },
    ]);
  });
  it('a callout titled like a heading heads its body, and the text after it is under the heading before it again', () => {
    const md = [
      '## Daily notes',
      'Daily notes open by date.',
      '> [!example]- Automatic subfolders',
      '> You can sort your daily notes into folders by the date format.',
      'After the callout.',
      '> [!warning] Deleting a note deletes it on every device.',
      '> Restore it from the trash.',
    ].join('\n');
    expect(sectionsOfChunk(md, 'Daily notes')).toEqual([
      { heading: 'Daily notes', text: '## Daily notes\nDaily notes open by date.' },
      {
        heading: 'Automatic subfolders',
        text: '> [!example]- Automatic subfolders\n> You can sort your daily notes into folders by the date format.',
      },
      // A title that ends like a sentence is a sentence of the note, no heading.
      {
        heading: 'Daily notes',
        text: 'After the callout.\n> [!warning] Deleting a note deletes it on every device.\n> Restore it from the trash.',
      },
    ]);
  });
});

describe('boldHeading', () => {
  it('reads a paragraph that is only bold and no sentence as a heading', () => {
    expect(boldHeading('**Linking to a heading in another note**')).toBe('Linking to a heading in another note');
    expect(boldHeading('**Windows and Linux:**')).toBe('Windows and Linux');
    expect(boldHeading('__Remote vault__  ')).toBe('Remote vault');
    expect(boldHeading('**[[#Conflict resolution]]**')).toBe('Conflict resolution');
    for (const line of [
      '**Back up before you update.**', // a sentence in bold
      '**Can I use the commercial license on both my work phone and work computer?**', // a FAQ's question
      '**Bold** and plain', // emphasis inside a sentence
      '**one** and **two**',
      '- **Fruit**', // a list item
      `**${'a very long bold run '.repeat(5)}**`,
    ])
      expect(boldHeading(line), line).toBeUndefined();
  });
  it('heads what follows it, as a markdown heading does, and is never quoted', () => {
    const md = [
      '## Link to a heading in a note',
      '',
      '**Linking to a heading in another note**',
      '',
      'To link to a heading in another note, add a hash at the end of the link destination.',
      '',
      '**Back up before you update.**',
    ].join('\n');
    const sections = sectionsOfChunk(md, 'Internal links');
    expect(sections.map((s) => s.heading)).toEqual([
      'Link to a heading in a note',
      'Linking to a heading in another note',
    ]);
    expect(plainText(sections[1]!.text, { prose: true })).toBe(
      'To link to a heading in another note, add a hash at the end of the link destination.\nBack up before you update.',
    );
    // Outside quotes (the model's excerpts) the line stays.
    expect(plainText(md)).toContain('Linking to a heading in another note');
  });
});

describe('boldQuestion', () => {
  const faq = [
    '**I purchased my subscription a few weeks ago and now qualify for a discount. Can I get a partial refund?**',
    'We understand that some may have purchased Sync or Publish without discounts. Unfortunately, we do not offer refunds in such cases.',
    '',
    '__リカバリーコード、認証アプリ、アカウントにログインするために必要なものをすべて紛失しました。どうすればよいですか？__',
    'support@obsidian.mdにメールしてください。',
  ].join('\n');
  it("reads a bold paragraph ending in a question mark as a FAQ's question, in any script", () => {
    expect(boldQuestion(faq.split('\n')[0]!)).toBe(true);
    expect(boldQuestion(faq.split('\n')[3]!)).toBe(true);
    for (const line of ['**Back up before you update.**', '**Prerequisites**', '**Bold?** and plain', 'Can I? **No**'])
      expect(boldQuestion(line), line).toBe(false);
  });
  it('is never quoted, not even the sentence before its question mark', () => {
    const prose = plainText(faq, { prose: true });
    expect(prose).not.toContain('I purchased my subscription');
    expect(prose).not.toContain('すべて紛失しました');
    expect(prose).toContain('Unfortunately, we do not offer refunds in such cases.');
    expect(prose).toContain('support@obsidian.mdにメールしてください。');
    // The model's excerpts keep it: it says what the answer under it answers.
    expect(plainText(faq)).toContain('Can I get a partial refund?');
  });
});

describe('statedFact', () => {
  it('takes a short label and value, in any script, and nothing else short', () => {
    for (const line of [
      'Plan: 3 runs a week',
      'Hostname: atlas.lan',
      'Wife: Ingrid',
      'Rent: €1,250',
      '場所：渋谷駅の近く',
    ])
      expect(statedFact(line), line).toBe(true);
    // A lead-in, a heading, a file name, a URL, a time, a question, prompt text, a pair too short to say anything.
    for (const line of [
      'Copy and paste the following text into your note:',
      'Drag and drop files',
      'favicon-167x167.png',
      'https://example.com/a',
      '12:30 lunch',
      'Q: how?',
      'user: hello there',
      'Tip: x',
    ])
      expect(statedFact(line), line).toBe(false);
  });
});

describe('shortStatement', () => {
  it('takes a short Chinese or Japanese sentence with its full stop, not a fragment or a heading', () => {
    for (const line of ['奥さんは由美さん。', '猫の名前はミケです。']) expect(shortStatement(line), line).toBe(true);
    for (const line of ['奥さんは由美さん', '持ち物リスト', '名前は？', 'It is Yumi.', '雨。'])
      expect(shortStatement(line), line).toBe(false);
  });
});

describe('keepCited', () => {
  const vault = '/home/me/My Vault';
  const a1 = chunk('Garden/Irrigation pump.md', 'The pump runs at six.', { start_line: 10, end_line: 12 });
  const b = chunk('Garden/Timer.md', 'The battery lasts two years.', { start_line: 1, end_line: 2 });
  const a2 = chunk('Garden/Irrigation pump.md', 'Drain it before frost.', { start_line: 30, end_line: 31 });

  it('two chunks of one note become one source; citations are renumbered to match', () => {
    const k = keepCited(
      'Runs at six [1]. Battery lasts two years [2]. Drain before frost [3].',
      [1, 2, 3],
      [a1, b, a2],
      vault,
    );
    expect(k.summary).toBe('Runs at six [1]. Battery lasts two years [2]. Drain before frost [1].');
    expect(k.sources.map((s) => [s.n, s.source])).toEqual([
      [1, 'Garden/Irrigation pump.md'],
      [2, 'Garden/Timer.md'],
    ]);
    const pumpSource = k.sources[0]!;
    expect(pumpSource.chunks.map((c) => c.chunk_id)).toEqual([a1.chunk_id, a2.chunk_id]);
    expect([pumpSource.start_line, pumpSource.end_line]).toEqual([10, 31]);
    expect(pumpSource.obsidian_uri).toBe('obsidian://open?vault=My%20Vault&file=Garden%2FIrrigation%20pump');
  });

  it('drops uncited results and citations of them, numbering sources from 1', () => {
    const k = keepCited('Battery lasts two years [2]. Something else [1].', [2], [a1, b, a2], vault);
    expect(k.summary).toBe('Battery lasts two years [1]. Something else .');
    expect(k.sources.map((s) => [s.n, s.source])).toEqual([[1, 'Garden/Timer.md']]);
  });

  it('collapses repeated citations of the same merged source', () => {
    const k = keepCited('The pump runs at six and is drained before frost [1] [3].', [1, 3], [a1, b, a2], vault);
    expect(k.summary).toBe('The pump runs at six and is drained before frost [1].');
    expect(k.sources).toHaveLength(1);
  });

  it('ignores citations of results that do not exist', () => {
    const k = keepCited('Runs at six [1]. Ghost [7].', [1, 7], [a1], vault);
    expect(k.summary).toBe('Runs at six [1]. Ghost .');
    expect(k.sources).toHaveLength(1);
  });

  it('excerpts are plain text: no callout, heading, emphasis or link markup', () => {
    const marked = chunk(
      'Plugins/File recovery.md',
      '## Storage\n> [!info]+ Info\n> By default, snapshots are kept for **7 days**. See [[Settings|the settings]] or [docs](https://example.com).',
    );
    const [src] = keepCited('Kept for 7 days [1].', [1], [marked], vault).sources;
    expect(src!.excerpt).toBe('Info\nBy default, snapshots are kept for 7 days. See the settings or docs.');
    expect(src!.chunks[0]!.text).toBe(marked.page_content); // the raw chunk stays available
  });
});

describe('plainText for quoting (prose)', () => {
  // Text from the Obsidian help vault (../shared/corpora/obsidian-help-en), where each of these was quoted as an answer.
  const cli = [
    '### `restricted`',
    '',
    'Turn restricted mode on or off.',
    '',
    '```bash',
    'on                 # enable restricted mode',
    'off                # disable restricted mode',
    '```',
  ].join('\n');

  it('leaves out Obsidian and HTML comments and HTML headings, which a note does not show; code keeps its %%', () => {
    // Basic formatting syntax: "%% These headings use HTML… %%" and the <h1>… lines were a headings answer's second
    // sentence.
    const headings = [
      'To create a heading, add up to six # symbols before your heading text.',
      '%% These headings use HTML to avoid cluttering the Outline/Table of contents %%',
      '<h1>This is a heading 1</h1>',
      '<h2>This is a heading 2</h2>',
      'The number of # symbols sets the level of the heading.',
    ].join('\n');
    expect(splitSentences(plainText(headings, { prose: true }))).toEqual([
      'To create a heading, add up to six # symbols before your heading text.',
      'The number of # symbols sets the level of the heading.',
    ]);
    expect(plainText(headings)).toContain('These headings use HTML');
    const personal =
      'Door code is 4471 %%old one: 1234%% and the bell is broken.\n%%\nTodo: ask Tom\n%%\nAfter <!-- hidden --> it.';
    expect(splitSentences(plainText(personal, { prose: true }))).toEqual([
      'Door code is 4471 and the bell is broken.',
      'After it.',
    ]);
    const syntax = 'You can add comments by wrapping text with `%%`. Comments are only visible in Editing view.';
    expect(plainText(syntax, { prose: true })).toBe(
      'You can add comments by wrapping text with %%. Comments are only visible in Editing view.',
    );
    expect(plainText('An open %% comment runs to the end\nof the note', { prose: true })).toBe('An open');
  });

  it('leaves fenced code out of quotable text, and keeps it for the prompt and excerpts', () => {
    expect(splitSentences(plainText(cli, { prose: true }))).toEqual(['Turn restricted mode on or off.']);
    expect(plainText(cli)).toContain('on # enable restricted mode');
    const tree =
      'For a base named `Projects` with a `Tasks` table, the importer creates:\n\n```\nAirtable/\n\tProjects/\n\t\tTasks.base\n```\n\nDone.';
    expect(splitSentences(plainText(tree, { prose: true }))).toEqual([
      'For a base named Projects with a Tasks table, the importer creates:',
      'Done.',
    ]);
  });

  // An entry of a map of content is often the one line that answers ("who is my sister": "Lena Novak — my sister");
  // the answer cites the note it points to as well (describedNote.ts).
  it('keeps a map of content entry, a link and a few words about the note it points to, as one sentence', () => {
    const home = [
      '## Areas',
      '',
      '- [[Health]] — appointments, running, sleep',
      '- [[Finances]]: monthly budget and savings goals',
      '- [[Career]] - goals, feedback, learning plan',
      '- Ask [[Tom Becker]] whether he still has the spare drip hose',
    ].join('\n');
    expect(splitSentences(plainText(home, { prose: true }))).toEqual([
      'Health — appointments, running, sleep',
      'Finances: monthly budget and savings goals',
      'Career - goals, feedback, learning plan',
      'Ask Tom Becker whether he still has the spare drip hose',
    ]);
  });

  it('leaves out list items that are only links, an image alt text, and keeps items that say something', () => {
    const md = [
      'Follow instructions based on the file format you exported to:',
      '',
      '- [[Import HTML files]]',
      '- [[Import Markdown files]]',
      '- [Exporter](https://apps.apple.com/us/app/exporter/id1099120373), [[Import notes|importers]]',
      '- [[Import Markdown files]] keeps your folders as they are.',
      '',
      '![Example of a base showing a table view with a list of books](bases-noshadow.png#interface)',
    ].join('\n');
    expect(splitSentences(plainText(md, { prose: true }))).toEqual([
      'Follow instructions based on the file format you exported to:',
      'Import Markdown files keeps your folders as they are.',
    ]);
    // The prompt still sees the list and the caption.
    expect(plainText(md)).toContain('Import HTML files\nImport Markdown files');
    expect(plainText(md)).toContain('Example of a base showing a table view with a list of books');
  });

  it('leaves out a link (or "see" and a link) that is a sentence of its own at the end of a block; keeps a step that is a link', () => {
    // From the help vault's "Switch to Obsidian Sync" › Next steps: "Set up Obsidian Sync" was the second sentence of
    // the answer to "how much does Obsidian Sync cost".
    const md = [
      '## Next steps',
      '',
      '- Looking to get started with Obsidian Sync? [[Set up Obsidian Sync]]',
      '- Is your language missing? [[Translations|Help us translate Obsidian into your language]].',
      '- Select **Change site options**. ![[publish-icon.png]]',
      '- Use an alias, e.g. [[Garden Irrigation|the watering project]]',
      '1. [[#Open Quick switcher]].',
      '- See [[Plans and storage limits]] for pricing.',
      '- 在仓库列表中，选择**更多选项**。[[管理仓库]]',
      // A day note's pointer: "See Kitchen Renovation." was the answer to "what's still missing from the kitchen budget".
      '- The carpenter quoted 6,200 euros for the cabinets. See [[Kitchen Renovation]].',
      '- Die Vorlage liegt im Ordner. Siehe auch [[Vorlagen|Vorlagen]]',
      '- To sync on Android, see [[Sync your notes across devices]].',
    ].join('\n');
    expect(splitSentences(plainText(md, { prose: true }))).toEqual([
      'Looking to get started with Obsidian Sync?',
      'Is your language missing?',
      'Select Change site options.',
      'Use an alias, e.g. the watering project',
      'Open Quick switcher.',
      'See Plans and storage limits for pricing.',
      '在仓库列表中，选择更多选项。',
      'The carpenter quoted 6,200 euros for the cabinets.',
      'Die Vorlage liegt im Ordner.',
      'To sync on Android, see Sync your notes across devices.',
    ]);
    // The prompt and the excerpts keep the link.
    expect(plainText(md)).toContain('Looking to get started with Obsidian Sync? Set up Obsidian Sync');
  });

  it('sentencesSaid: every sentence an earlier answer gave, whatever marks follow it', () => {
    const said = sentencesSaid([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'Run the pump twice a week. Drain it first. [1] Check the timer [2].' },
    ]);
    expect([...said]).toEqual(
      expect.arrayContaining(['Run the pump twice a week', 'Drain it first', 'Check the timer']),
    );
    expect(said.has('q')).toBe(false);
  });

  it('sentencesNotToRepeat: what was said, only for a question that goes on from the one before', () => {
    const before = [
      { role: 'user' as const, content: 'where does Maya live' },
      { role: 'assistant' as const, content: 'Has a dog named Pixel (a border collie) [1]' },
    ];
    // A question of its own may be answered by a sentence said before.
    expect(sentencesNotToRepeat([...before, { role: 'user', content: "what's Maya's dog called" }]).size).toBe(0);
    // A follow-up is searched with the question before it, whose answer would win again.
    const followUp = sentencesNotToRepeat([...before, { role: 'user', content: 'and is she vegetarian?' }]);
    expect([...followUp]).toEqual(['Has a dog named Pixel (a border collie)']);
    expect(sentencesNotToRepeat([]).size).toBe(0);
  });

  it('quotes a lead-in with the command it introduces (tldr-pages), and not the command alone', () => {
    const lsof = [
      '# lsof',
      '',
      '> List open files and the corresponding processes.',
      '',
      '- Find the process that opened a local internet port:',
      '',
      '`lsof -i :{{port}}`',
      '',
      '- Only output the process ID (PID):',
      '',
      '`lsof -t {{path/to/file}}`',
      '',
      '- Copy and paste the following text into your note:',
      '',
      '```',
      '{{date}}',
      '```',
      '',
      'A whole file is no quote:',
      '```yaml',
      'a: 1',
      'b: 2',
      '```',
    ].join('\n');
    expect(leadInsWithCode(lsof)).toEqual([
      { text: 'Find the process that opened a local internet port: `lsof -i :{{port}}`', code: 'lsof -i :{{port}}' },
      { text: 'Only output the process ID (PID): `lsof -t {{path/to/file}}`', code: 'lsof -t {{path/to/file}}' },
      // A fenced block of one line is the syntax the lead-in introduces, quoted inline.
      { text: 'Copy and paste the following text into your note: `{{date}}`', code: '{{date}}' },
    ]);
  });

  it('quotes a lead-in with the one-line block it introduces (Embed web pages: the YouTube syntax)', () => {
    const md = [
      '## Embed a YouTube video',
      '',
      'To embed a YouTube video, use the same Markdown syntax as [[Basic formatting syntax#External images|external images]]:',
      '',
      '```md',
      '![](https://www.youtube.com/watch?v=NnTvZWp5Q7o)',
      '```',
    ].join('\n');
    expect(leadInsWithCode(md).map((p) => p.text)).toEqual([
      'To embed a YouTube video, use the same Markdown syntax as external images: `![](https://www.youtube.com/watch?v=NnTvZWp5Q7o)`',
    ]);
    // An unclosed block is no quote.
    expect(leadInsWithCode(md.split('\n').slice(0, -1).join('\n'))).toEqual([]);
  });

  it('quotes a lead-in with the short list of names it introduces, its own sentence only', () => {
    const refunds = [
      'Refunds depend on the product. We offer full refunds within 7 days of purchase with no questions asked for the following services:',
      '',
      '- [[Introduction to Obsidian Publish|Obsidian Publish]]',
      '- [[Introduction to Obsidian Sync|Obsidian Sync]]',
      '',
      'Steps to follow:',
      '1. Open Settings.',
      '2. Choose Sync.',
      '',
      'Supported on:',
      '- Windows',
      '  - Windows 10 and later',
      '- macOS',
      '',
      'Labels:',
      '- Video: .mkv, .mov',
      '- Audio: .mp3, .wav',
      '',
      'Only one:',
      '- Android',
    ].join('\n');
    // Steps (sentences), a nested list, labelled values and a list of one are no such list.
    expect(leadInsWithList(refunds)).toEqual([
      'We offer full refunds within 7 days of purchase with no questions asked for the following services: Obsidian Publish, Obsidian Sync',
    ]);
    expect(leadInsWithList('以下のサービスは全額返金の対象です：\n- Obsidian Publish\n- Obsidian Sync')).toEqual([
      '以下のサービスは全額返金の対象です: Obsidian Publish、Obsidian Sync',
    ]);
  });

  it('keeps inline code literal: the syntax a help note shows in code is the answer', () => {
    // The sample vault's Obsidian Tips: quoted as "`` — embed a whole note" before, the embed rule ate the code.
    expect(plainText('- `![[Note]]` — embed a whole note', { prose: true })).toBe('![[Note]] — embed a whole note');
    expect(
      plainText('- `[[Note|shown text]]` — link with alias, e.g. [[Garden Irrigation|the watering project]]'),
    ).toBe('[[Note|shown text]] — link with alias, e.g. the watering project');
  });

  it('renders a link to a heading of the same note as its alias or its heading', () => {
    expect(
      plainText(
        'Using an external hard drive is often combined with a [[#Use computer backups|computer backup]]. Forward slash (/) for [[#Nested tags]].',
      ),
    ).toBe('Using an external hard drive is often combined with a computer backup. Forward slash (/) for Nested tags.');
  });
});

describe('commandLines', () => {
  it("keeps a shell block's command lines, one each, without comment-only lines, and nothing of other blocks", () => {
    const md = [
      '```shell',
      '# Preview changes without publishing',
      'ob publish --dry-run',
      '',
      '# Publish changes',
      'ob publish',
      '```',
      '',
      'A sentence.',
      '',
      '```',
      'Airtable/',
      '\tProjects/',
      '```',
      '',
      '```bash',
      'on                 # enable restricted mode',
      '```',
    ].join('\n');
    expect(commandLines(md)).toEqual(['ob publish --dry-run', 'ob publish', 'on # enable restricted mode']);
  });
});

describe('plainText', () => {
  it('strips frontmatter, headings, callout markers, quotes, list markers, links and emphasis', () => {
    const md = [
      '---',
      'tags: [garden]',
      '---',
      '# Irrigation pump',
      '',
      '> [!warning]- Frost',
      '> Drain the pump before the **first frost**.',
      '',
      '- [ ] Buy a *new* hose',
      '1. Open [[Settings]] → [[Core plugins|core plugins]]',
      '## Notes',
      'See [the manual](https://example.com/manual.pdf) and ![[pump.png]].',
    ].join('\n');
    expect(plainText(md)).toBe(
      [
        'Frost',
        'Drain the pump before the first frost.',
        'Buy a new hose',
        'Open Settings → core plugins',
        'See the manual and.',
      ].join('\n'),
    );
  });

  it('quotes (prose) leave out a callout title that is no sentence, as they leave out headings', () => {
    const md =
      '> [!example]- Automatic subfolders\n> Sort notes by date.\n\n> [!tip] Pin the note to keep it open.\n> Pinned tabs stay.';
    expect(plainText(md, { prose: true })).toBe(
      'Sort notes by date.\nPin the note to keep it open.\nPinned tabs stay.',
    );
    expect(plainText(md)).toBe(
      'Automatic subfolders\nSort notes by date.\nPin the note to keep it open.\nPinned tabs stay.',
    );
  });

  it('renders each table body row as a sentence of its cells under their headers, never the separator row', () => {
    const md = [
      'Plans compared:',
      '',
      '|                       | Sync Standard | Sync Plus |',
      '| --------------------- | ------------- | --------- |',
      '| Maximum file size     | 5 MB          | 200 MB    |',
      '| [[Collaborate on a shared vault\\|Shared vaults]] | Yes | Yes |',
      '',
      'After the table.',
    ].join('\n');
    const text = plainText(md);
    expect(splitSentences(text)).toEqual([
      'Plans compared:',
      'Maximum file size — Sync Standard: 5 MB; Sync Plus: 200 MB',
      'Shared vaults — Sync Standard: Yes; Sync Plus: Yes',
      'After the table.',
    ]);
    expect(text).not.toMatch(/\||---/);
    // The row sentence is grounded in the chunk it comes from.
    const plans = chunk('Sync/Plans.md', md);
    expect(verifyAnswer('Maximum file size — Sync Standard: 5 MB; Sync Plus: 200 MB', [timer, plans])).toEqual({
      text: 'Maximum file size — Sync Standard: 5 MB; Sync Plus: 200 MB [2]',
      cited: [2],
    });
  });

  it('renders rows of a table the chunk starts inside (no header in sight) without column names', () => {
    expect(plainText('| Delete the previous word | `Ctrl+Backspace` |\n| Undo | `Ctrl+Z` |')).toBe(
      'Delete the previous word — Ctrl+Backspace\nUndo — Ctrl+Z',
    );
  });

  it('leaves tables in fenced code alone', () => {
    const text = plainText('```\n| a | b |\n|-|-|\n| 1 | 2 |\n```');
    expect(text).toContain('| 1 | 2 |');
    expect(text).not.toContain('—');
  });

  it('drops embedded icons, pictures and bare icon names, keeping alt text that reads as words', () => {
    const md = [
      "- Click **Open today's daily note** ![[lucide-calendar.svg#icon]] in the [[Ribbon|ribbon]].",
      '',
      'Select **Settings** ![[lucide-cog.svg#icon]]. The icon lucide-cog.svg is a gear.',
      '',
      '![Example of a base showing a table view](bases-noshadow.png#interface)',
      '',
      '![250](https://example.com/Engelbart.jpg) ![[Engelbart.jpg|100x145]] Douglas Engelbart.',
      '',
      'Name the icon `lucide-layout-dashboard` in the guide.',
      '',
      'ゴミ箱（ ![[lucide-trash-2.svg#icon]] ）を選択します。 Call now() here.',
    ].join('\n');
    expect(plainText(md).split('\n')).toEqual([
      "Click Open today's daily note in the ribbon.",
      'Select Settings. The icon is a gear.',
      'Example of a base showing a table view',
      'Douglas Engelbart.',
      'Name the icon lucide-layout-dashboard in the guide.',
      'ゴミ箱を選択します。 Call now() here.',
    ]);
  });

  it('keeps blocks on separate lines so a heading or list item never fuses into a sentence', () => {
    const text = plainText('## Setup\n- first item\n- second item\n\nA paragraph.\n# Next\nMore text.');
    expect(splitSentences(text)).toEqual(['first item', 'second item', 'A paragraph.', 'More text.']);
  });

  // Regression (fixed bug) (src/agent/synthesizer.ts plainText, `.split(/\n\s*\n|\n(?=\S)/)`): every line break followed by a
  // non-space starts a new block, so a soft-wrapped paragraph (one markdown paragraph written over several
  // lines, as many editors and imported notes do) is cut into fragments. splitSentences then yields half
  // sentences, which selectAnswerSentences can quote as the answer ("By default, snapshots are kept [1]").
  it('joins the lines of a soft-wrapped paragraph', () => {
    const text = plainText('By default, snapshots are kept\nfor seven days before they are deleted.');
    expect(splitSentences(text)).toEqual(['By default, snapshots are kept for seven days before they are deleted.']);
  });

  // Regression (fixed bug) (src/agent/synthesizer.ts plainText, the emphasis regex /[*_`]{1,3}([^*_`\n]+)[*_`]{1,3}/g): it is not
  // anchored to word boundaries, so underscores inside identifiers are taken for emphasis and inline code
  // loses one backtick: "file_name and other_value" becomes "filename and othervalue", "`code_x`" becomes
  // "codex`", "2*3*4" becomes "234". Quotes and extractive answers then misstate what the note says.
  it('quotes a phrase beside Chinese, Japanese or Korean text, which puts no space around it, without its emphasis', () => {
    const prose = (md: string) => plainText(md, { prose: true });
    const ja = 'コマンドパレットで**タグペインを表示**を選択し、**Remotely Save**プラグインを使います。';
    expect(prose(ja)).toBe('コマンドパレットでタグペインを表示を選択し、Remotely Saveプラグインを使います。');
    expect(prose('**ノートとベース**：ピンされたノートはそのまま留まります。')).toBe(
      'ノートとベース：ピンされたノートはそのまま留まります。',
    );
    expect(prose('**설정**을 엽니다. 选择**文件**。')).toBe('설정을 엽니다. 选择文件。');
    // Between Latin letters and digits, markers stay where they are no markup.
    expect(prose('2*3*4 is not emphasis, file_name neither.')).toBe('2*3*4 is not emphasis, file_name neither.');
    // The index's sentence texts keep them, as measured (sentences.ts, EMPHASIS_CJK).
    expect(plainText(ja)).toBe(ja);
  });

  it('leaves snake_case identifiers and inline code intact', () => {
    expect(plainText('Set file_name and other_value, then run `sync_now`.')).toBe(
      'Set file_name and other_value, then run sync_now.',
    );
  });
});
