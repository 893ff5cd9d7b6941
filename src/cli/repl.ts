import readline from 'node:readline/promises';
import type { VaultService } from '../services/vaultService.js';

/** `obsiquery chat`: a REPL over one thread. Ctrl+C stops the current answer; a second Ctrl+C (or /exit) quits. */
export async function runRepl(service: VaultService, threadId: string): Promise<void> {
  const { createChatService } = await import('../agent/chatService.js');
  const chat = await createChatService(service, { warmModel: true });
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, historySize: 200 });
  let current: AbortController | null = null;
  rl.on('SIGINT', () => {
    if (current) current.abort();
    else rl.close();
  });
  console.log(`Chatting with ${service.vault} (thread "${threadId}"). /exit to quit.`);
  try {
    for (;;) {
      let line: string;
      try {
        line = (await rl.question('\n> ')).trim();
      } catch {
        break;
      }
      if (!line) continue;
      if (line === '/exit' || line === '/quit') break;
      current = new AbortController();
      const r = await chat.ask(threadId, line, {
        signal: current.signal,
        onStep: (s) => process.stdout.write(`\x1b[2m${s}\x1b[0m\n`),
      });
      current = null;
      console.log(r.stopped ? '(stopped)' : r.answer);
      for (const x of r.sources) console.log(`  [${x.n}] ${x.source}${x.section_title ? ` › ${x.section_title}` : ''}`);
      if (r.searched.length) console.log('  Closest notes searched (none of them answers it):');
      for (const x of r.searched) console.log(`    ${x.source}${x.section_title ? ` › ${x.section_title}` : ''}`);
    }
  } finally {
    rl.close();
    await chat.close();
  }
}
