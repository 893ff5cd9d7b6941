import path from 'node:path';
import { fetchModels } from '../models/fetchModels.js';
import { resourcesDir } from '../models/manifest.js';
import { VaultService } from '../services/vaultService.js';
import { syncProgressReporter } from './output.js';

/** The README's first command: everything a newcomer needs to see ObsiQuery work, on the bundled sample vault. */
export async function runDemo(): Promise<void> {
  await fetchModels((line) => console.log(line));
  const vault = path.join(resourcesDir(), 'sample-vault');
  const service = await VaultService.open({ vault });
  try {
    const reporter = syncProgressReporter(true);
    service.onProgress((p) => reporter.update(p));
    const summary = await service.sync();
    reporter.stop();
    console.log(`\nIndexed ${vault} into ${service.dataDir}`);
    console.log(JSON.stringify(summary));
    const { demoQuestions } = await import('./demoQuestions.js');
    await demoQuestions(service);
  } finally {
    service.close();
  }
}
