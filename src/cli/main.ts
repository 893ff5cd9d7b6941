import { Command, Option } from 'commander';
import { UsageError, VaultService } from '../services/vaultService.js';
import { describeError, isDiskFull } from '../shared/errors.js';
import { describeEmbeddingModel, printJson, syncProgressReporter } from './output.js';
import { describeWriteError } from '../pipeline/sync.js';
import type { FileStatus } from '../store/indexDb.js';
import { sourceFilter } from '../pipeline/linkPolicy.js';
import type { SourceArtifact } from '../agent/retrieveNotesTool.js';

const program = new Command()
  .name('obsiquery')
  .description('Local, private AI assistant for your Obsidian vault.')
  .showHelpAfterError();

const vaultOpt = () => new Option('--vault <dir>', 'the Obsidian vault folder');
const dataOpt = () => new Option('--data <dir>', 'index folder (default: per-vault folder in your app data)');
const jsonOpt = () => new Option('--json', 'machine-readable output');
/** Sets the saved link policy (settings.followExternalLinks) for this and later runs; omitted: unchanged. */
const followLinksOpt = () =>
  new Option('--follow-external-links', 'also index notes linked from outside the vault (saved in settings)');
const noFollowLinksOpt = () =>
  new Option('--no-follow-external-links', 'index only files inside the vault, the default (saved in settings)');
type LinkFlag = { followExternalLinks?: boolean };
const languageOpt = () =>
  new Option(
    '--language <code>',
    "the vault's language (en, ja, es…) for a new index or --reindex, instead of detecting it",
  );
const embeddingModelOpt = () =>
  new Option(
    '--embedding-model <id>',
    "bundled embedder for a new index or --reindex (see resources/models.manifest.json); with --embedding-endpoint, the endpoint's model name (env OBSIQUERY_EMBEDDING_MODEL)",
  );
const embeddingEndpointOpt = () =>
  new Option(
    '--embedding-endpoint <url>',
    'an OpenAI-compatible embedding endpoint, e.g. http://127.0.0.1:11434/v1 (env OBSIQUERY_EMBEDDING_ENDPOINT); an existing index needs --reindex to switch',
  );
const allowRemoteOpt = () =>
  new Option('--allow-remote-endpoint', 'allow an endpoint that is not on this machine (your notes are sent there)');
/** The embedding endpoint flags every command that embeds accepts. */
type EndpointFlags = { embeddingModel?: string; embeddingEndpoint?: string; allowRemoteEndpoint?: boolean };

async function withService<T>(
  opts: {
    vault?: string;
    data?: string;
    reindex?: boolean;
    autoRepair?: boolean;
    language?: string;
  } & EndpointFlags,
  fn: (s: VaultService) => Promise<T>,
): Promise<T> {
  const service = await VaultService.open({
    vault: opts.vault,
    dataDir: opts.data,
    reindex: opts.reindex,
    autoRepair: opts.autoRepair,
    language: opts.language,
    embeddingModel: opts.embeddingModel,
    embeddingEndpoint: opts.embeddingEndpoint,
    ...(opts.allowRemoteEndpoint ? { allowRemoteEndpoint: true } : {}),
  });
  try {
    return await fn(service);
  } finally {
    service.close();
  }
}

program
  .command('sync')
  .description('index new and changed notes, drop deleted ones')
  .addOption(vaultOpt())
  .addOption(dataOpt())
  .addOption(jsonOpt())
  .option('--reindex', 're-embed every note, changed or not (needed after changing the embedding model)')
  .addOption(followLinksOpt())
  .addOption(noFollowLinksOpt())
  .addOption(languageOpt())
  .addOption(embeddingModelOpt())
  .addOption(embeddingEndpointOpt())
  .addOption(allowRemoteOpt())
  .action(
    async (
      opts: {
        vault?: string;
        data?: string;
        json?: boolean;
        reindex?: boolean;
        language?: string;
      } & LinkFlag &
        EndpointFlags,
    ) => {
      await withService(opts, async (s) => {
        if (opts.followExternalLinks !== undefined) s.updateSettings({ followExternalLinks: opts.followExternalLinks });
        for (const r of s.index.repairs) process.stderr.write(`warning: ${r}\n`);
        // Said before the wait, so a user sees which model a long first sync runs with, and why.
        const model = `Embedding model: ${describeEmbeddingModel({ embeddingModel: s.embedder.modelId, ...s.embeddingModelChoice() })}`;
        if (opts.json) process.stderr.write(`${model}\n`);
        else console.log(model);
        const reporter = syncProgressReporter(!opts.json || process.stderr.isTTY === true);
        s.onProgress((p) => reporter.update(p));
        const summary = await s.sync({ reindex: opts.reindex });
        reporter.stop();
        if (opts.json) printJson(summary);
        else {
          console.log(
            `Synced ${s.vault}: ${summary.added} added, ${summary.modified} modified, ${summary.unchanged} unchanged, ${summary.deleted} deleted, ${summary.failed} failed; ` +
              `${summary.chunks_added} chunks added, ${summary.chunks_deleted} removed in ${(summary.duration_ms / 1000).toFixed(1)} s.`,
          );
          if (summary.links_refused)
            console.log(
              `${summary.links_refused} link(s) out of the vault not followed (the link policy; --follow-external-links indexes them).`,
            );
          if (summary.failed) console.log('See the failures with: obsiquery status');
        }
        if (summary.failed) process.exitCode = 1;
      });
    },
  );

program
  .command('status')
  .description('files by status, failures with their errors, last sync')
  .addOption(vaultOpt())
  .addOption(dataOpt())
  .addOption(jsonOpt())
  .action(async (opts: { vault?: string; data?: string; json?: boolean }) => {
    await withService(opts, async (s) => {
      const st = s.status();
      if (opts.json) return printJson(st);
      const c = st.counts;
      console.log(`Vault: ${st.vault}\nIndex: ${st.dataDir}\nModel: ${describeEmbeddingModel(st)}`);
      console.log(
        `Files: ${c.total} (${c.completed} completed, ${c.pending} pending, ${c.processing} processing, ${c.failed} failed, ${c.disabled} disabled); ${c.chunks} chunks`,
      );
      for (const f of st.failed) console.log(`  ✗ ${f.file_path}: ${f.error_message}`);
    });
  });

program
  .command('files')
  .description('list indexed files')
  .addOption(vaultOpt())
  .addOption(dataOpt())
  .addOption(jsonOpt())
  .addOption(
    new Option('--status <status>', 'only files with this status').choices([
      'pending',
      'processing',
      'completed',
      'failed',
    ]),
  )
  .action(async (opts: { vault?: string; data?: string; json?: boolean; status?: FileStatus }) => {
    await withService(opts, async (s) => {
      const rows = s.files(opts.status);
      if (opts.json) return printJson(rows);
      for (const r of rows)
        console.log(
          `${r.status.padEnd(10)} ${String(r.num_chunks ?? '-').padStart(4)} ${r.is_enabled ? ' ' : 'D'} ${r.file_path}${r.error_message ? `  (${r.error_message})` : ''}`,
        );
    });
  });

for (const [name, enabled] of [
  ['enable', true],
  ['disable', false],
] as const) {
  program
    .command(`${name} <path>`)
    .description(enabled ? 'include a file in the index again' : 'exclude a file from the index and from answers')
    .addOption(vaultOpt())
    .addOption(dataOpt())
    .addOption(jsonOpt())
    .action(async (file: string, opts: { vault?: string; data?: string; json?: boolean }) => {
      await withService(opts, async (s) => {
        const row = await s.setEnabled(file, enabled);
        if (opts.json) printJson(row);
        else
          console.log(
            `${enabled ? 'Enabled' : 'Disabled'} ${row.file_path}${enabled ? ' (indexed at the next sync)' : ''}`,
          );
      });
    });
}

program
  .command('doctor')
  .description('check that the log and the vector store agree, and repair what does not')
  .addOption(vaultOpt())
  .addOption(dataOpt())
  .addOption(jsonOpt())
  .option('--no-repair', 'only report')
  .action(async (opts: { vault?: string; data?: string; json?: boolean; repair: boolean }) => {
    // The doctor reports the index as it finds it: no silent repair on open.
    await withService({ ...opts, autoRepair: false }, async (s) => {
      const report = await s.doctor(opts.repair);
      if (opts.json) return printJson(report);
      if (report.syncRunning)
        console.log('A sync is running on this index: checked without repairing, and skipped the notes it is on.');
      console.log(
        report.ok
          ? `Index is consistent: ${report.completedFiles} files, ${report.vectors} vectors.`
          : 'Index had problems:',
      );
      if (!report.ok) {
        console.log(
          `  interrupted files reset: ${report.interruptedReset}\n  orphan vectors: ${report.orphanVectors}\n  duplicate vectors: ${report.duplicateVectors}`,
        );
        for (const f of report.filesReset) console.log(`  re-index needed: ${f}`);
        console.log(
          report.syncRunning
            ? 'Run the doctor again when the sync has finished to repair.'
            : opts.repair
              ? 'Repaired; run `obsiquery sync` to re-index the files above.'
              : 'Run without --no-repair to fix.',
        );
      }
    });
  });

program
  .command('search <query>')
  .description('hybrid search over the indexed notes')
  .addOption(vaultOpt())
  .addOption(dataOpt())
  .addOption(jsonOpt())
  .option('--k <n>', 'number of results', (v) => Number.parseInt(v, 10), 5)
  .option('--folder <folder>', 'only notes in this folder (and below)')
  .option('--tag <tag>', 'only notes with this tag')
  .option('--file <name...>', 'only these notes (vault-relative paths)')
  .option('--chunks', 'several chunks per note instead of the best one per note')
  .addOption(embeddingEndpointOpt())
  .addOption(embeddingModelOpt())
  .addOption(allowRemoteOpt())
  .action(
    async (
      query: string,
      opts: {
        vault?: string;
        data?: string;
        json?: boolean;
        k: number;
        folder?: string;
        tag?: string;
        file?: string[];
        chunks?: boolean;
      } & EndpointFlags,
    ) => {
      await withService(opts, async (s) => {
        const { searchNotes } = await import('../services/searchNotes.js');
        const { hits, notices } = await searchNotes(s.index, s.embedder, {
          refined_query_for_vector_search: query,
          k: opts.k,
          perNote: !opts.chunks,
          threshold: s.settings.threshold ?? undefined, // null = the model's calibrated gate
          allowSource: sourceFilter(s.vault, { followExternalLinks: s.settings.followExternalLinks }),
          metadata_filters: { folder: opts.folder, tags: opts.tag },
          filter_by_filenames: opts.file,
        });
        // On stderr in both modes: --json keeps its array of hits, and the user still sees why it is keywords only.
        for (const notice of notices) process.stderr.write(`notice: ${notice}\n`);
        if (opts.json) {
          return printJson(
            hits.map((h) => ({
              source: h.source,
              section_title: h.section_title,
              header_path: h.header_path,
              start_line: h.start_line,
              score: h.score,
              dense_score: h.dense_score,
              sparse_score: h.sparse_score,
              page_content: h.page_content,
            })),
          );
        }
        if (hits.length === 0) console.log('Nothing relevant found in your notes.');
        for (const h of hits) {
          console.log(
            `${h.rank}. ${h.source}${h.header_path ? ` › ${h.header_path}` : ''} (line ${h.start_line + 1}, score ${h.score.toFixed(4)})`,
          );
          console.log(`   ${h.page_content.replace(/\s+/g, ' ').slice(0, 160)}`);
        }
      });
    },
  );

program
  .command('ask <question>')
  .description('ask a question; the answer streams, then its sources')
  .addOption(vaultOpt())
  .addOption(dataOpt())
  .addOption(jsonOpt())
  .option('--thread <id>', 'continue a conversation thread', 'cli')
  .option(
    '--chat-endpoint <url>',
    'an OpenAI-compatible chat endpoint, e.g. http://127.0.0.1:11434/v1 (env OBSIQUERY_CHAT_ENDPOINT)',
  )
  .option('--chat-model <name>', 'the model name the endpoint serves (env OBSIQUERY_CHAT_MODEL)')
  .option(
    '--allow-remote-endpoint',
    'allow a chat or embedding endpoint that is not on this machine (your notes are sent there)',
  )
  .addOption(embeddingEndpointOpt())
  .addOption(embeddingModelOpt())
  .action(
    async (
      question: string,
      opts: {
        vault?: string;
        data?: string;
        json?: boolean;
        thread: string;
        chatEndpoint?: string;
        chatModel?: string;
      } & EndpointFlags,
    ) => {
      await withService(opts, async (s) => {
        const { createChatService } = await import('../agent/chatService.js');
        const chat = await createChatService(s, {
          endpoint: {
            endpoint: opts.chatEndpoint,
            model: opts.chatModel,
            ...(opts.allowRemoteEndpoint ? { allowRemote: true } : {}),
          },
        });
        const controller = new AbortController();
        process.once('SIGINT', () => controller.abort());
        try {
          const r = await chat.ask(opts.thread, question, {
            signal: controller.signal,
            onStep: (step) => !opts.json && process.stderr.isTTY && process.stderr.write(`\x1b[2m${step}\x1b[0m\n`),
            onNotice: (notice) => !opts.json && process.stderr.write(`${notice}\n`),
          });
          const located = (notes: SourceArtifact[]) =>
            notes.map((x) => ({ source: x.source, section_title: x.section_title, start_line: x.start_line }));
          if (opts.json) {
            return printJson({
              answer: r.answer,
              sources: located(r.sources),
              searched: located(r.searched),
              steps: r.steps,
              notices: r.notices,
              timings: r.timings,
            });
          }
          console.log(r.answer);
          const where = (x: SourceArtifact) =>
            `${x.source}${x.section_title ? ` › ${x.section_title}` : ''} (line ${x.start_line + 1})`;
          if (r.sources.length) {
            console.log('\nSources:');
            for (const x of r.sources) console.log(`  [${x.n}] ${where(x)}`);
          }
          if (r.searched.length) {
            console.log('\nClosest notes searched (none of them answers it):');
            for (const x of r.searched) console.log(`  ${where(x)}`);
          }
        } finally {
          await chat.close();
        }
      });
    },
  );

program
  .command('chat')
  .description('interactive chat with your notes (history kept per thread)')
  .addOption(vaultOpt())
  .addOption(dataOpt())
  .option('--thread <id>', 'conversation thread', 'cli-chat')
  .action(async (opts: { vault?: string; data?: string; thread: string }) => {
    await withService(opts, async (s) => {
      const { runRepl } = await import('./repl.js');
      await runRepl(s, opts.thread);
    });
  });

program
  .command('eval')
  .description(
    'retrieval quality (Recall@1/5, MRR@10, nDCG@10) of dense, BM25 and hybrid search in one run: every question set of eval/sets.json, or one --vault/--queries pair; with --answers, answer quality of the agent',
  )
  .option('--vault <dir>', 'the vault the questions are about (with --queries; default: the sets of eval/sets.json)')
  .option(
    '--queries <file>',
    'JSONL lines {"q": question, "rel": [vault-relative paths]}, "rel": [] for a question the notes do not answer (with --vault; also with --answers)',
  )
  .option('--set <name>', 'only this question set of the manifest (repeatable)', (v, acc: string[]) => [...acc, v], [])
  .addOption(new Option('--part <part>', 'only the tuning or the test parts').choices(['tune', 'test']))
  .option(
    '--data-root <dir>',
    "where the sets' indexes live, one folder per vault and embedder (default: app data/eval)",
  )
  .option('--manifest <file>', 'the question-set manifest (default: eval/sets.json)')
  .option(
    '--answers',
    'run the agent on each question (of eval/sets.json, --manifest, or --vault/--queries): citation hit rate, off-topic refusals, leaks, latency',
  )
  .option('--limit <n>', 'with --answers: only the first n questions of each set', (v) => Number.parseInt(v, 10))
  .option('--verbose', 'with --answers: print every answer')
  .option('--chat-endpoint <url>', 'with --answers: an OpenAI-compatible chat endpoint instead of the bundled model')
  .option('--chat-model <name>', 'with --answers: the model name the endpoint serves')
  .addOption(dataOpt())
  .addOption(jsonOpt())
  .addOption(languageOpt())
  .addOption(embeddingModelOpt())
  .addOption(embeddingEndpointOpt())
  .addOption(allowRemoteOpt())
  .action(
    async (
      opts: {
        vault?: string;
        queries?: string;
        set: string[];
        part?: 'tune' | 'test';
        dataRoot?: string;
        manifest?: string;
        data?: string;
        json?: boolean;
        language?: string;
        answers?: boolean;
        limit?: number;
        verbose?: boolean;
        chatEndpoint?: string;
        chatModel?: string;
      } & EndpointFlags,
    ) => {
      if (Boolean(opts.vault) !== Boolean(opts.queries))
        throw new UsageError('--vault and --queries go together; without both, eval runs the sets of eval/sets.json.');
      if (opts.answers) {
        const { runAnswersCommand } = await import('./evalAnswers.js');
        return runAnswersCommand(opts);
      }
      if (!opts.vault) {
        if (opts.data) throw new UsageError('--data names one index: use it with --vault/--queries, or --data-root.');
        const { runEvalSets } = await import('./evalCommand.js');
        const { EvalSetError } = await import('../search/evalSets.js');
        try {
          await runEvalSets({
            sets: opts.set,
            part: opts.part,
            dataRoot: opts.dataRoot,
            manifest: opts.manifest,
            json: opts.json,
            embeddingModel: opts.embeddingModel,
          });
        } catch (err) {
          if (err instanceof EvalSetError) throw new UsageError(err.message);
          throw err;
        }
        return;
      }
      await withService(opts, async (s) => {
        const { measureQuestions, printQuestionsReport } = await import('./evalCommand.js');
        const { adHocEvalSet, checkQuestionFile } = await import('../search/evalSets.js');
        // A user's own file may mix questions the notes answer with off-topic ones ("rel": []).
        const set = adHocEvalSet(opts.vault!, opts.queries!);
        const { questions, problems } = checkQuestionFile(set.queries, set.vault, set);
        if (problems.length) throw new UsageError(problems.join('\n'));
        const summary = await s.sync();
        if (!opts.json) process.stderr.write(`index ready (${summary.added + summary.modified} files embedded now)\n`);
        const report = await measureQuestions(s.index, s.embedder, questions);
        if (opts.json)
          return printJson({ ...report.retrieval, ...(report.off_topic ? { off_topic: report.off_topic } : {}) });
        printQuestionsReport(report);
      });
    },
  );

/**
 * The README's setup leaves the web UI unbuilt (it is a build product, not in the repo): build it on first
 * use rather than stopping with "run npm run build:web first". Output goes to stderr so --json stays clean.
 */
async function ensureWebUiBuilt(webRoot: string): Promise<void> {
  const { existsSync } = await import('node:fs');
  const path = await import('node:path');
  if (existsSync(path.join(webRoot, 'index.html'))) return;
  const { spawnSync } = await import('node:child_process');
  const repoRoot = path.resolve(webRoot, '../..');
  process.stderr.write('The web UI is not built yet: building it once (npm run build:web, about a minute)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', 'build:web'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
  if (r.status !== 0 || !existsSync(path.join(webRoot, 'index.html'))) {
    throw new UsageError(
      `Building the web UI failed (exit ${r.status ?? r.signal}): run \`npm run build:web\` to see why.`,
    );
  }
}

program
  .command('serve')
  .description('web mode: the ObsiQuery UI in your browser, on 127.0.0.1 with a private token')
  .option('--vault <dir>', 'vault to open (default: the one used last)')
  .addOption(dataOpt())
  .option('--port <n>', 'port (default: a free one)', (v) => Number.parseInt(v, 10), 0)
  .option('--no-watch', 'do not watch the vault for changes')
  .addOption(jsonOpt())
  .addOption(followLinksOpt())
  .addOption(noFollowLinksOpt())
  .action(async (opts: { vault?: string; data?: string; port: number; watch: boolean; json?: boolean } & LinkFlag) => {
    const { startWebServer, WEB_ROOT } = await import('../server/webServer.js');
    const { createChatService } = await import('../agent/chatService.js');
    await ensureWebUiBuilt(WEB_ROOT);
    const server = await startWebServer({
      vault: opts.vault,
      dataDir: opts.data,
      port: opts.port,
      watch: opts.watch,
      followExternalLinks: opts.followExternalLinks,
      hooks: { createChat: (service) => createChatService(service, { warmModel: true }) },
    });
    if (!opts.vault) await server.backend.restoreLastVault();
    if (opts.json) console.log(JSON.stringify({ url: server.url, port: server.port, token: server.token }));
    else
      console.log(
        `ObsiQuery is running at ${server.url}\n(only this machine can reach it; the token in the URL is required). Ctrl+C to stop.`,
      );
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

program
  .command('mcp')
  .description('serve the vault index to AI assistants over the Model Context Protocol (stdio; read-only)')
  .option('--vault <dir>', 'vault to serve (default: the one synced last)')
  .addOption(dataOpt())
  .option('--http <port>', 'serve Streamable HTTP on 127.0.0.1 instead (token required; 0: a free port)', (v) =>
    Number.parseInt(v, 10),
  )
  .action(async (opts: { vault?: string; data?: string; http?: number }) => {
    // Before anything that could print is loaded: stdout carries the protocol only.
    const { reserveStdoutForProtocol, runMcpCommand } = await import('../mcp/command.js');
    await runMcpCommand(opts, reserveStdoutForProtocol());
  });

program
  .command('models')
  .description('fetch the bundled models into resources/models and verify their checksums')
  .action(async () => {
    const { fetchModels } = await import('../models/fetchModels.js');
    await fetchModels();
  });

program
  .command('demo')
  .description('fetch models, index the sample vault, and run a search on it')
  .action(async () => {
    const { runDemo } = await import('./demo.js');
    await runDemo();
  });

try {
  await program.parseAsync(process.argv);
} catch (err) {
  const e = err as Error;
  // Exit code and whether a stack trace helps both follow the error's code (src/shared/errors.ts).
  const described = describeError(e);
  const diskFull = isDiskFull(e);
  // SQLite reports a full disk at open as a bare "disk I/O error" (it cannot create its -shm file).
  const ioAtOpen = (e as { code?: string }).code?.startsWith('SQLITE_IOERR') === true;
  process.stderr.write(
    `obsiquery: ${diskFull || ioAtOpen ? `${describeWriteError(e)}${ioAtOpen && !diskFull ? ' If the disk is full (no space left), free some space.' : ''}` : e.message}\n`,
  );
  if (described.showStack && process.env.OBQ_DEBUG) process.stderr.write(`${e.stack}\n`);
  process.exitCode = described.exitCode;
}
