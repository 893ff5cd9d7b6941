/**
 * Questions that ask what or who something is ("who is Lena", "what is Canvas", "¿qué es Obsidian Sync?",
 * "キャンバスとは何ですか"), and their subject, per language. Search lifts the note the subject names as it lifts a typed
 * title (similaritySearch.ts), and the agent answers with that note's opening (src/agent/noteLead.ts).
 */

// A question asking someone's job, then whose: in each language ("what does Tom work as", "Was macht Maya beruflich?",
// "李明是做什么工作的？"), a question about who they are, since their note opens with it ("Neighbour at number 14, retired
// electrician.").
const OCCUPATION_QUESTIONS: RegExp[] = [
  /^what(?:'s|’s|\s+is|\s+was)\s+(?:the\s+)?(?:occupation|job|profession|line\s+of\s+work)\s+of\s+(.+?)[?.!\s]*$/iu,
  /^what(?:'s|’s|\s+is|\s+was)\s+(.+?)(?:'s|’s)\s+(?:occupation|job|profession|line\s+of\s+work)[?.!\s]*$/iu,
  /^what\s+(?:does|did)\s+(.+?)\s+work\s+as[?.!\s]*$/iu,
  /^was\s+macht\s+(.+?)\s+beruflich[?.!\s]*$/iu,
  /^was\s+(?:ist|war)\s+(.+?)\s+von\s+beruf[?.!\s]*$/iu,
  /^¿?\s*(?:a\s+qué\s+se\s+dedica|de\s+qué\s+trabaja)\s+(.+?)[?.!\s]*$/iu,
  /^que\s+fait\s+(.+?)\s+dans\s+la\s+vie[?.!\s]*$/iu,
  /^(.+?)の(?:仕事|職業)は(?:何|なに|なん)?(?:ですか|なの)?[？?。]*$/u,
  /^(.+?)は(?:何の|なんの|どんな)仕事を(?:している|してる|しています)(?:の|んですか|か)?[？?。]*$/u,
  /^(.+?)(?:是)?做什么(?:工作)?的[？?。]*$/u,
  /^(.+?)的(?:工作|职业)是什么[？?。]*$/u,
];

// A question asking what or who something is, then its subject; per language, the subject where the language puts it.
// A job's forms come first: "what's X" would take "the occupation of Tom" for the subject.
const DEFINITION_QUESTIONS: RegExp[] = [
  ...OCCUPATION_QUESTIONS,
  /^(?:who|what)(?:'s|’s|\s+is|\s+are|\s+was|\s+were)\s+(.+?)[?.!\s]*$/iu,
  /^what\s+(?:does|did)\s+(.+?)\s+do(?:\s+for\s+(?:a\s+)?(?:living|work))?[?.!\s]*$/iu,
  /^¿?\s*(?:qué|quién|quiénes)\s+(?:es|son|era)\s+(.+?)[?.!\s]*$/iu,
  /^(?:was|wer)\s+(?:ist|sind|war)\s+(.+?)[?.!\s]*$/iu,
  /^(?:qu['’]est-ce\s+que\s+|qu['’]est-ce\s+qu['’]|c['’]est\s+quoi\s+|qui\s+est\s+|que\s+sont\s+)(.+?)[?.!\s]*$/iu,
  /^(?:o\s+que\s+(?:é|são)|quem\s+é)\s+(.+?)[?.!\s]*$/iu,
  /^(?:che\s+)?(?:cos['’]è|chi\s+è)\s+(.+?)[?.!\s]*$/iu,
  /^(?:wat|wie)\s+(?:is|zijn)\s+(.+?)[?.!\s]*$/iu,
  /^(.+?)(?:とは|って)(?:何|なに|誰|だれ)?(?:ですか|なの|だ)?[？?。]*$/u,
  /^(.+?)は(?:何|なに|誰|だれ)(?:ですか)?[？?。]*$/u,
  /^(?:什么是|什麼是)\s*(.+?)[？?。]*$/u,
  /^(.+?)\s*是(?:什么|什麼|谁|誰)[？?。]*$/u,
  /^(.+?)(?:이란|란|은|는|이|가)?\s*(?:무엇인가요|무엇이에요|무엇입니까|뭐야|뭐예요|뭔가요|누구야|누구예요|누구인가요)[?？.]*$/u,
  // The other languages the agent answers in (forty-seventh session). Russian and Ukrainian write no "is": only with
  // "такой"/"такая"/"это" ("Кто такая Майя?"), since "Кто играет…" asks who does something.
  /^(?:кто|что)\s+(?:так(?:ой|ая|ое|ие)|это)\s+(.+?)[?.!\s]*$/iu,
  /^(?:хто|що)\s+(?:так(?:ий|а|е|і)|це)\s+(.+?)[?.!\s]*$/iu,
  /^(?:(?:kim|czym)\s+(?:jest|są|był|była)|(?:co|kto)\s+to\s+(?:jest|są))\s+(.+?)[?.!\s]*$/iu,
  /^(?:kdo|co)\s+(?:je|jsou|byl|byla)(?:\s+to)?\s+(.+?)[?.!\s]*$/iu,
  /^(.+?)\s+(?:kimdir|kim|nedir)[?.!\s]*$/iu,
  /^(.+?)\s+là\s+(?:ai|gì)[?.!\s]*$/iu,
  /^(?:siapa(?:\s+itu)?|apa\s+itu)\s+(.+?)[?.!\s]*$/iu,
  /^(?:vem|vad|hvem|hvad|hva)\s+(?:är|var|er)\s+(.+?)[?.!\s]*$/iu,
  /^(?:cine|ce)\s+(?:este|e|era|sunt)\s+(.+?)[?.!\s]*$/iu,
  /^(?:kuka|mikä|mitä)\s+(?:on|ovat|oli)\s+(.+?)[?.!\s]*$/iu,
  /^(?:ki|mi)\s+(?:az\s+a|az|a|volt)\s+(.+?)[?.!\s]*$/iu,
  /^(.+?)\s+(?:कौन|क्या)\s+(?:है|हैं|था|थी|थे)[?।.!\s]*$/u,
  /^(?:من|ما|ماذا)\s+(?:هو|هي|هم)\s+(.+?)[؟?.!\s]*$/u,
  /^(.+?)\s+(?:کیست|چیست|کیه|چیه)[؟?.!\s]*$/u,
  /^(?:מי|מה)\s+(?:זה|זאת|זו|הוא|היא|הם|הן)\s+(.+?)[?.!\s]*$/u,
  /^(?:ποιος|ποια|ποιο|ποιοι|τι)\s+(?:είναι|ήταν)\s+(.+?)[;\u037e?.!\s]*$/iu,
  /^(.+?)\s*(?:คือ|เป็น)(?:ใคร|อะไร)[?\s]*$/u,
];

/** Words before a subject that say whose or which, not what ("the", "my", "el", "der"…). */
const LEADING_ARTICLES =
  /^(?:the|a|an|my|el|la|los|las|un|una|mi|der|die|das|ein|eine|mein|meine|le|la|les|l['’]|un|une|mon|ma|mes|o|os|as|um|uma|il|lo|gli|i|het|een|mijn|ο|η|το|οι|τα|τον|την)\s+|^l['’]/iu;

/** A question about someone: who they are, or what they do (and OCCUPATION_QUESTIONS). */
const ASKS_WHO =
  /^(?:who|¿?\s*quién|¿?\s*quiénes|wer|qui|quem|chi|wie|кто|хто|kim|kto|kdo|siapa|vem|hvem|cine|kuka|ki|من|מי|ποιος|ποια|ποιοι)\s|^what\s+(?:does|did)\s.+\sdo\b|誰|だれ|谁|누구|\s(?:kim|kimdir)[?.!\s]*$|\slà\s+ai\b|\sकौन\s|(?:کیست|کیه)[؟?.!\s]*$|(?:คือ|เป็น)ใคร/iu;

/** "my" before a subject, in the languages LEADING_ARTICLES reads: someone named by how they relate to the asker. */
const FIRST_PERSON_POSSESSIVE =
  /^(?:(?:my|mi|mis|mein|meine|meinen|meinem|meiner|mon|ma|mes|mijn|meu|minha|mio|mia)\s+|(?:私の|わたしの|僕の|俺の|我的|我))(.+)$/iu;

/** The subject of a question asking what or who something is ("Lena", "Canvas"), or null when it asks no such thing. */
export function definitionSubject(question: string): string | null {
  const subject = subjectAsWritten(question);
  return subject === null ? null : withoutLeadingArticle(subject) || null;
}

/**
 * The subject of a question about someone the asker names by how they relate to them ("who is my landlord", "what
 * does my sister do for a living"): "landlord", "sister". Null for a subject without "my" or a question not about
 * someone (asksWho): "what is my password" names a thing.
 */
export function relationSubject(question: string): string | null {
  const subject = asksWho(question) ? subjectAsWritten(question) : null;
  const m = subject === null ? null : FIRST_PERSON_POSSESSIVE.exec(subject);
  return m?.[1] ? m[1].trim() : null;
}

/** The subject as the question writes it, article and possessive kept ("my sister"). */
function subjectAsWritten(question: string): string | null {
  const q = question.trim();
  for (const pattern of DEFINITION_QUESTIONS) {
    const m = pattern.exec(q);
    if (m?.[1] && withoutLeadingArticle(m[1])) return m[1].trim();
  }
  return null;
}

/** Whether a question asks who someone is or what they do (then a first name may name their note: noteTitledBy). */
export function asksWho(question: string): boolean {
  const q = question.trim();
  return ASKS_WHO.test(q) || OCCUPATION_QUESTIONS.some((pattern) => pattern.test(q));
}

/** A subject without the article or possessive it opens with ("the home server migration" → "home server migration"). */
export function withoutLeadingArticle(subject: string): string {
  return subject.trim().replace(LEADING_ARTICLES, '').trim();
}
