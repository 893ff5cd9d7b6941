import type { VaultService } from '../services/vaultService.js';
import { similaritySearch } from '../search/similaritySearch.js';

const SEARCHES = ['sourdough hydration', 'home server IP address'];
const QUESTIONS = [
  'How long does the irrigation pump run each morning?',
  'What do I still need to do for the Lisbon trip?',
  'Give me an overview of the home server migration',
];

/**
 * After indexing the sample vault, show what ObsiQuery does: hybrid search, a cited answer, a cited task list and a
 * note's outline.
 */
export async function demoQuestions(service: VaultService): Promise<void> {
  const st = service.status();
  console.log(`${st.counts.completed} notes indexed, ${st.counts.chunks} chunks, ${st.counts.failed} failed.\n`);
  for (const q of SEARCHES) {
    const hits = await similaritySearch(service.index, service.embedder, {
      refined_query_for_vector_search: q,
      k: 3,
      perNote: true,
    });
    console.log(`search "${q}":`);
    for (const h of hits) console.log(`  ${h.rank}. ${h.source}${h.header_path ? ` › ${h.header_path}` : ''}`);
  }
  const { createChatService } = await import('../agent/chatService.js');
  const chat = await createChatService(service);
  try {
    for (const q of QUESTIONS) {
      console.log(`\nask "${q}"`);
      const r = await chat.ask(`demo-${Date.now()}`, q);
      console.log(r.answer);
      for (const s of r.sources)
        console.log(
          `  [${s.n}] ${s.source}${s.section_title ? ` › ${s.section_title}` : ''} (line ${s.start_line + 1})`,
        );
    }
  } finally {
    await chat.close();
  }
}
