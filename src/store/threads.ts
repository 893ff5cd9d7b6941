import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const CONVERSATIONS_FILE = 'conversations.sqlite';

export interface ThreadInfo {
  threadId: string;
  title: string;
  updatedAt: number;
}

/** Opens the conversations database with the thread list table (LangGraph's checkpoints live beside it). */
export function openThreadsDb(dataDir: string): Database.Database {
  const db = new Database(path.join(dataDir, CONVERSATIONS_FILE));
  db.pragma('journal_mode = WAL');
  db.exec(
    'create table if not exists obq_threads (thread_id TEXT primary key, title TEXT not null, updated_at REAL not null)',
  );
  return db;
}

export function touchThread(db: Database.Database, threadId: string, firstQuestion: string): void {
  db.prepare(
    'insert into obq_threads(thread_id, title, updated_at) values (?, ?, ?) on conflict(thread_id) do update set updated_at = excluded.updated_at',
  ).run(threadId, firstQuestion.slice(0, 80), Date.now() / 1000);
}

/**
 * The thread list, read without loading the chat model: the sidebar shows it at start-up, and the model
 * takes seconds to load.
 */
export function listThreads(dataDir: string): ThreadInfo[] {
  if (!existsSync(path.join(dataDir, CONVERSATIONS_FILE))) return [];
  const db = openThreadsDb(dataDir);
  try {
    return (
      db.prepare('select thread_id, title, updated_at from obq_threads order by updated_at desc limit 200').all() as {
        thread_id: string;
        title: string;
        updated_at: number;
      }[]
    ).map((t) => ({ threadId: t.thread_id, title: t.title, updatedAt: t.updated_at }));
  } finally {
    db.close();
  }
}
