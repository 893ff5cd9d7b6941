import { VaultService } from './src/services/vaultService.js';
import { similaritySearch } from './src/search/similaritySearch.js';
import { describeCandidates, selectAnswerSentences } from './src/agent/synthesizer.js';
import { unknownWords } from './src/store/sparse.js';
const service = await VaultService.open({ vault: '/work/shared/corpora/obsidian-help-en', dataDir: '/work/idx/24q/obsidian-help-en--all-mpnet-base-v2-int8' });
for (const q of process.argv.slice(2)) {
  const lacking = unknownWords(service.index.db, q);
  console.log('##', q, 'unknown', lacking);
  for (const [k, pool] of [[5, { notes: 4, perNote: 4, chunks: 4 }], [8, { notes: 3, perNote: 2, chunks: 6 }]] as const) {
    const results = await similaritySearch(service.index, service.embedder, { refined_query_for_vector_search: q, metadata_filters: {}, filter_by_filenames: [], k, threshold: service.embedder.calibration.threshold, dateAware: false });
    console.log(' k', k, results.map((r) => r.source.replace(/^.*\//, '')).join(' | '));
    const r = await selectAnswerSentences(q, results, [], service.embedder, 2, { unknownWords: lacking, tuning: { pool } });
    console.log('  =>', r.text.slice(0, 150));
    const d = await describeCandidates(q, results, service.embedder, { pool });
    for (const c of [...d.candidates].sort((a, b) => b.score - a.score).slice(0, 5)) console.log('   ', c.n, c.relevant ? 'R' : '-', c.score.toFixed(3), c.similarity.toFixed(3), c.shared, c.text.slice(0, 90));
  }
}
service.close();
