import { ZodError } from 'zod';

/**
 * ObsiQuery's one error hierarchy. Every error we raise on purpose is an `ObsiQueryError` with a stable `code`;
 * the families below group them the way a user meets them (the vault, the index, embedding, chunking, the
 * models, a bad request). How each code surfaces (the CLI's exit code, the web server's HTTP status, whether
 * a stack trace helps) is decided in one table, `ERROR_CODES`, and read through `describeError`.
 */
export const ERROR_CODES = {
  // The vault: a folder that is not there, a note that cannot be read, a path the link policy refuses.
  'vault.invalid': { exit: 2, http: 200, stack: false },
  'vault.noteUnreadable': { exit: 1, http: 200, stack: true },
  'vault.pathRefused': { exit: 1, http: 200, stack: true },
  'vault.linkPolicy': { exit: 1, http: 200, stack: true },
  // The index: missing, corrupt, locked by another sync, of a schema this build cannot use, or in an unusable
  // data directory.
  'index.notFound': { exit: 1, http: 200, stack: true },
  'index.corrupt': { exit: 1, http: 200, stack: true },
  'index.locked': { exit: 1, http: 200, stack: false },
  'index.dataDir': { exit: 2, http: 200, stack: false },
  'index.schema': { exit: 2, http: 200, stack: false },
  // Embedding: vectors of another model or dimension cannot be mixed with the stored ones.
  'embedding.modelMismatch': { exit: 2, http: 200, stack: false },
  'embedding.dimensionMismatch': { exit: 1, http: 200, stack: true },
  // Chunking: a note the chunker cannot split.
  'chunking.failed': { exit: 1, http: 200, stack: true },
  // The models: the local chat model or a chat endpoint.
  'model.chat': { exit: 1, http: 200, stack: true },
  'model.endpoint': { exit: 1, http: 200, stack: true },
  // A bad request: a wrong command, argument, setting or folder. A request the contract refuses is the
  // client's fault (HTTP 400); one the backend could not serve travels in the envelope with 200, as the
  // desktop app's IPC reports it.
  'request.usage': { exit: 2, http: 200, stack: false },
  'request.searchInput': { exit: 2, http: 200, stack: false },
  'request.settings': { exit: 1, http: 200, stack: true },
  'request.browse': { exit: 1, http: 200, stack: true },
  'request.invalid': { exit: 1, http: 400, stack: false },
  // Anything we did not raise on purpose.
  internal: { exit: 1, http: 200, stack: true },
} as const satisfies Record<string, { exit: number; http: number; stack: boolean }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorFamily = 'vault' | 'index' | 'embedding' | 'chunking' | 'model' | 'request';

export class ObsiQueryError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ObsiQueryError';
  }

  get family(): ErrorFamily | 'internal' {
    return this.code.split('.')[0] as ErrorFamily | 'internal';
  }
}

type CodeOf<F extends ErrorFamily> = Extract<ErrorCode, `${F}.${string}`>;

/** A family's base class: its constructor takes only that family's codes. */
function family<F extends ErrorFamily>() {
  return class extends ObsiQueryError {
    constructor(code: CodeOf<F>, message: string) {
      super(code, message);
    }
  };
}

export class VaultFamilyError extends family<'vault'>() {}
export class IndexError extends family<'index'>() {}
export class EmbeddingError extends family<'embedding'>() {}
export class ModelError extends family<'model'>() {}
export class BadRequestError extends family<'request'>() {}
export class ChunkingError extends family<'chunking'>() {
  constructor(message: string) {
    super('chunking.failed', message);
    this.name = 'ChunkingError';
  }
}

/** The code of any thrown value: our own errors carry one; a contract refusal or malformed input is a bad request. */
export function errorCode(err: unknown): ErrorCode {
  if (err instanceof ObsiQueryError) return err.code;
  if (err instanceof ZodError || err instanceof URIError || err instanceof SyntaxError) return 'request.invalid';
  return 'internal';
}

/** The message a user sees: a contract refusal lists the fields it refused, never a stack trace. */
export function errorMessage(err: unknown): string {
  if (err instanceof ZodError)
    return `Invalid request: ${err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  return err instanceof Error ? err.message : String(err);
}

export interface ErrorDescription {
  code: ErrorCode;
  message: string;
  /** The CLI's exit code: 1 = something failed while working, 2 = the user's input cannot work (bad vault, bad flags). */
  exitCode: number;
  /** The web server's status for a failed request. */
  httpStatus: number;
  /** Whether a stack trace (OBQ_DEBUG) tells anything the message does not. */
  showStack: boolean;
}

export function describeError(err: unknown): ErrorDescription {
  const code = errorCode(err);
  const entry = ERROR_CODES[code];
  return { code, message: errorMessage(err), exitCode: entry.exit, httpStatus: entry.http, showStack: entry.stack };
}

/** A full disk, however the layer that hit it words it (Node, SQLite, LanceDB's Rust I/O). */
export function isDiskFull(err: Error): boolean {
  const text = `${(err as { code?: string }).code ?? ''} ${err.message}`;
  return /ENOSPC|SQLITE_FULL|disk is full|No space left|os error 28/i.test(text);
}
