/**
 * Questions that ask which notes mention something ("which notes mention Tom", "where did I write about the NUC",
 * "¿qué notas mencionan a Lena?", "Tomについて書いたノート"), and their subject, per language: the answer is a list of
 * notes, not a sentence (src/agent/noteMentions.ts).
 */

// A question asking which notes mention something, then its subject; per language, the subject where the language puts
// it. Articles are left on the subject: the notes are searched for its words in a row, without them.
const MENTION_QUESTIONS: RegExp[] = [
  /^(?:which|what)\s+(?:of\s+my\s+)?notes\s+(?:mention|mentions|talk\s+about|are\s+about|refer\s+to|reference|say\s+anything\s+about|contain)\s+(.+?)[?.!\s]*$/iu,
  /^(?:where|in\s+which\s+notes?)\s+(?:did|do|have)\s+I\s+(?:write|written|mention|mentioned|note|noted|talk|talked)\s+(?:about\s+|down\s+)?(.+?)[?.!\s]*$/iu,
  /^(?:find|show|list|search)(?:\s+me)?\s+(?:all\s+)?(?:my\s+)?(?:the\s+)?notes\s+(?:about|on|mentioning|that\s+mention|referring\s+to)\s+(.+?)[?.!\s]*$/iu,
  /^(?:all\s+)?(?:my\s+)?notes\s+(?:about|mentioning|that\s+mention)\s+(.+?)[?.!\s]*$/iu,
  /^¿?\s*(?:qué|cuáles)\s+notas\s+(?:mencionan|hablan\s+de|tratan\s+(?:de|sobre))\s+(?:a\s+)?(.+?)[?.!\s]*$/iu,
  /^¿?\s*dónde\s+(?:escribí|mencioné|anoté)\s+(?:sobre\s+|de\s+|a\s+)?(.+?)[?.!\s]*$/iu,
  /^(?:welche|in\s+welchen)\s+notizen\s+(?:erwähnen|nennen|handeln\s+von|sprechen\s+über|erwähne\s+ich)\s+(.+?)[?.!\s]*$/iu,
  /^wo\s+(?:habe|hab)\s+ich\s+(?:über\s+|von\s+)?(.+?)\s+(?:geschrieben|erwähnt|notiert)[?.!\s]*$/iu,
  /^(?:quelles|dans\s+quelles)\s+notes\s+(?:mentionnent|parlent\s+de|parlent\s+d['’]|ai-je\s+(?:parlé\s+de|mentionné))\s*(.+?)[?.!\s]*$/iu,
  /^où\s+(?:ai-je|j['’]ai)\s+(?:écrit|parlé|noté)\s+(?:sur\s+|de\s+|d['’])?(.+?)[?.!\s]*$/iu,
  /^(?:quais|que)\s+notas\s+(?:mencionam|falam\s+(?:de|sobre))\s+(.+?)[?.!\s]*$/iu,
  /^(?:quali|in\s+quali)\s+note\s+(?:menzionano|parlano\s+di)\s+(.+?)[?.!\s]*$/iu,
  /^(?:welke|in\s+welke)\s+notities\s+(?:noemen|vermelden|gaan\s+over)\s+(.+?)[?.!\s]*$/iu,
  /^(.+?)(?:について書いた|について|に関する|が出てくる|が登場する|に触れた|に触れている)ノート/u,
  /^(?:哪些|哪篇|哪几篇)笔记(?:里)?(?:提到|提及|写到|讲到)(?:了|过)?\s*(.+?)[？?。]*$/u,
  /^(?:我)?在哪(?:里|儿|些笔记里)?(?:写|提到)(?:过|了)\s*(.+?)[？?。]*$/u,
  /^(.+?)(?:을|를|이|가|에\s*대해)?\s*(?:언급한|언급하는|다룬|다루는|쓴)\s*노트/u,
];

/** The subject of a question asking which notes mention something ("Tom"), or null when it asks no such thing. */
export function mentionSubject(question: string): string | null {
  const q = question.trim();
  for (const pattern of MENTION_QUESTIONS) {
    const subject = pattern.exec(q)?.[1]?.trim();
    if (subject) return subject;
  }
  return null;
}
