import { VaultService } from './src/services/vaultService.js';
import { similaritySearch } from './src/search/similaritySearch.js';
import { describeCandidates } from './src/agent/synthesizer.js';
const service = await VaultService.open({ vault: '/work/shared/corpora/obsidian-help-en', dataDir: '/work/idx/24q/obsidian-help-en--all-mpnet-base-v2-int8' });
for (const q of process.argv.slice(2)) {
  const results = await similaritySearch(service.index, service.embedder, { refined_query_for_vector_search: q, metadata_filters: {}, filter_by_filenames: [], k: 10, threshold: service.embedder.calibration.threshold, dateAware: false });
  console.log('##', q, 'gate', service.embedder.calibration.threshold);
  results.forEach((r, i) => console.log(i + 1, r.source, r.dense_score?.toFixed(3), r.score.toFixed(3)));
  const d = await describeCandidates(q, results, service.embedder, { pool: { notes: 5, perNote: 2, chunks: 10 } });
  for (const c of [...d.candidates].sort((a, b) => b.score - a.score).slice(0, 12)) console.log(c.n, c.relevant ? 'R' : '-', c.score.toFixed(3), c.similarity.toFixed(3), c.shared, c.text.slice(0, 110));
}
service.close();
