/**
 * A local GGUF served as an OpenAI-compatible chat endpoint on 127.0.0.1, for measuring answers with a model other
 * than the bundled one through the same provider a user's Ollama, LM Studio or llama-server would use (issue 24's
 * "ceiling" run). The server is the test suite's (test/helpers/openaiServer.ts: chat completions, streamed or not,
 * json_schema), answered by node-llama-cpp with the threads given (default: every core, since nothing else of ours
 * runs during an eval).
 *
 *   node --import tsx bench/serveChat.ts --gguf FILE [--name NAME] [--port 8089] [--threads N]
 *   npm run eval -- --answers --set … --chat-endpoint http://127.0.0.1:8089/v1 --chat-model NAME
 */
import os from 'node:os';
import path from 'node:path';
import { loadChatModel } from '../src/models/chatModel.js';
import { startOpenAiServer } from '../test/helpers/openaiServer.js';
import { option } from './lib/args.js';

const gguf = option('--gguf');
if (!gguf) throw new Error('usage: serveChat.ts --gguf FILE [--name NAME] [--port 8089] [--threads N]');
const name = option('--name') ?? path.basename(gguf, '.gguf');
const threads = Number(option('--threads')) || os.availableParallelism();
const model = await loadChatModel({ modelPath: gguf, threads, contextSize: 8192 });
const server = await startOpenAiServer(model, name, Number(option('--port') ?? 8089));
process.stdout.write(`serving ${name} (${threads} threads) at ${server.url}\n`);
const stop = async () => {
  await server.close();
  await model.dispose();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
