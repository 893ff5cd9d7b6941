import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../src/text/language.js';

describe('detectLanguage: scripts', () => {
  it.each([
    ['Obsidianでノートを作成するには、新しいファイルを開きます。', 'ja', 'Jpan'],
    ['ボールトとは何ですか', 'ja', 'Jpan'],
    // English technical terms inside Japanese prose stay Japanese.
    ['Markdown ファイルに YAML frontmatter を追加して、tags プロパティを設定します。', 'ja', 'Jpan'],
    ['如何在笔记之间创建链接？使用双方括号。', 'zh', 'Hani'],
    ['我在 Obsidian 里用 Dataview 插件管理项目笔记。', 'zh', 'Hani'],
    ['노트 사이에 링크를 만드는 방법은 무엇입니까?', 'ko', 'Hang'],
    ['Как создать ссылку между заметками?', 'ru', 'Cyrl'],
    ['Як створити посилання між нотатками? Це їхня справа.', 'uk', 'Cyrl'],
    ['Πώς μπορώ να δημιουργήσω έναν σύνδεσμο;', 'el', 'Grek'],
  ])('%s → %s/%s', (text, lang, script) => {
    const got = detectLanguage(text);
    expect(got.lang).toBe(lang);
    expect(got.script).toBe(script);
    expect(got.confidence).toBeGreaterThan(0.3);
  });

  it('is undetermined for text with no letters', () => {
    expect(detectLanguage('')).toEqual({ lang: 'und', script: 'Zyyy', confidence: 0 });
    expect(detectLanguage('12345 -- ?? 2026-01-01')).toEqual({ lang: 'und', script: 'Zyyy', confidence: 0 });
  });

  it('ignores code blocks, inline code and URLs', () => {
    const note = [
      '設定ファイルを編集します。',
      '```js',
      'const config = { theme: "dark", plugins: ["dataview", "templater"], enableTheFeatureForEveryone: true };',
      'export default function loadTheConfigurationFromTheVault() { return config; }',
      '```',
      '詳しくは https://help.obsidian.md/how-to/format-your-notes-with-the-editor を参照。`npm run build`',
    ].join('\n');
    expect(detectLanguage(note)).toMatchObject({ lang: 'ja', script: 'Jpan' });
  });

  it('treats an all-Han short title as Chinese with low confidence', () => {
    const got = detectLanguage('東京');
    expect(got.lang).toBe('zh');
    expect(got.confidence).toBeLessThan(0.5);
  });
});

describe('detectLanguage: Latin-script languages', () => {
  it.each([
    ['How do I create a link between two notes in my vault?', 'en'],
    ['What is the difference between tags and properties?', 'en'],
    ['¿Cómo puedo crear un enlace entre dos notas de mi bóveda?', 'es'],
    ['La reunión con el equipo fue muy productiva y también hablamos del presupuesto.', 'es'],
    ['Wie kann ich eine Verknüpfung zwischen zwei Notizen erstellen?', 'de'],
    ['Die Besprechung mit dem Team war gut, aber wir müssen noch über das Budget reden.', 'de'],
    ['Comment créer un lien entre deux notes dans mon coffre ?', 'fr'],
    ["La réunion avec l'équipe était très productive et nous avons parlé du budget.", 'fr'],
    ['Como posso criar um link entre duas notas no meu cofre? Não sei.', 'pt'],
    ['Come posso creare un collegamento tra due note nella mia cartella? Perché non funziona più.', 'it'],
    ['Hoe maak ik een link tussen twee notities in mijn kluis?', 'nl'],
  ])('%s → %s', (text, lang) => {
    const got = detectLanguage(text);
    expect(got).toMatchObject({ lang, script: 'Latn' });
    expect(got.confidence).toBeGreaterThan(0.2);
  });

  it('keeps Spanish with English technical terms Spanish', () => {
    const got = detectLanguage(
      'Configuré el plugin de Dataview para que muestre las tareas del sprint en el dashboard.',
    );
    expect(got.lang).toBe('es');
  });

  it('keeps German with English technical terms German', () => {
    const got = detectLanguage(
      'Ich habe das Deployment auf Kubernetes mit einem Helm Chart für den Staging-Cluster gebaut.',
    );
    expect(got.lang).toBe('de');
  });

  it('is more confident on a paragraph than on one word', () => {
    const word = detectLanguage('Projekt');
    const paragraph = detectLanguage(
      'Das Projekt ist fertig, und die Dokumentation wird noch über das Wochenende von mir geschrieben.',
    );
    expect(paragraph.lang).toBe('de');
    expect(paragraph.confidence).toBeGreaterThan(word.confidence);
    expect(word.confidence).toBeLessThan(0.3);
  });

  it('is deterministic', () => {
    const text = 'Notes about the weekly review, el lunes y el martes.';
    expect(detectLanguage(text)).toEqual(detectLanguage(text));
  });
});
