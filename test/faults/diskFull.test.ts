import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyVault, corpusOhelp, sampleVault, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import type { DoctorReport } from '../../src/pipeline/doctor.js';
import { describeCli, killOwnChildren, runCli, type CliRun } from './support/proc.js';
import {
  auditIndex,
  chunkTextsByNote,
  invariantViolations,
  listNotes,
  settledViolations,
  sha256File,
  summarizeAudit,
  type Audit,
} from './support/audit.js';
import { freeKb, mountTmpfs, probeTmpfs, remount, unmount } from './support/tmpfs.js';
import { bumpMtime, chunkCountOf, chunkTexts } from './support/vault.js';

useFastEmbedder();

/**
 * The data folder runs out of space, or becomes read-only. The index lives on a small tmpfs: big enough for the
 * sample vault, then filled (junk file) so that indexing two more folders of obsidian-help-en runs out of space
 * mid-sync. What must hold: a non-zero exit with an error that says the disk is full, no note marked completed
 * without all of its chunks, and after freeing space a doctor that finds nothing wrong and a sync that finishes
 * everything. A read-only data folder must be refused up front with exit code 2, leaving the index untouched.
 */

const SUITE = 'diskFull';
const MOUNT_KB = 8 * 1024;
/** What the junk file leaves free before the sync that does not fit: less than one batch of chunks needs. */
const LEFT_FREE_KB = 500;
const EXTRA_FOLDERS = ['Plugins', 'Obsidian Sync'];
const SPACE_ERROR = /disk is full|no space left|ENOSPC|os error 28/i;

const probe = probeTmpfs();

if (!probe.ok) {
  describe('disk full and read-only data folders', () => {
    it.skip(`skipped: ${probe.reason}`, () => {});
  });
} else {
  describe('disk full and read-only data folders (tmpfs)', () => {
    let tmp: ReturnType<typeof tempDir>;
    let home: string;
    let vault: string;
    let mnt: string;
    let dataDir: string;
    let junk: string;
    let sampleNotes: string[];
    const edited: string[] = [];
    let failedRun: CliRun | undefined;
    let afterFailure: Audit | undefined;
    let figures = '';

    const sync = () => runCli(['sync', '--vault', vault, '--data', dataDir, '--json'], { home });
    const cli = (args: string[]) => runCli([...args, '--data', dataDir, '--json'], { home });
    const fillDisk = (leaveKb: number) => {
      const size = Math.max(0, freeKb(mnt) - leaveKb) * 1024;
      writeFileSync(junk, Buffer.alloc(size));
    };

    beforeAll(() => {
      tmp = tempDir('obq-fault-disk-');
      home = path.join(tmp.dir, 'home');
      vault = copyVault(sampleVault, tmp.dir);
      sampleNotes = listNotes(vault);
      mnt = path.join(tmp.dir, 'mnt');
      mountTmpfs(mnt, MOUNT_KB);
      dataDir = path.join(mnt, 'data');
      junk = path.join(mnt, 'junk.bin');
    });

    afterAll(() => {
      killOwnChildren();
      if (mnt) unmount(mnt);
      if (figures) console.log(`[${SUITE}] ${figures}`);
      tmp?.cleanup();
    });

    it('the sample vault fits on the small disk', async () => {
      const r = await sync();
      expect(r.code, describeCli(r)).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ added: sampleNotes.length, failed: 0 });
      console.log(`[${SUITE}] sample vault indexed: ${MOUNT_KB - freeKb(mnt)} KB used of ${MOUNT_KB} KB`);
    }, 180_000);

    it('a sync that does not fit exits non-zero and says the disk is full', async () => {
      let chunks = 0;
      for (const folder of EXTRA_FOLDERS) {
        cpSync(path.join(corpusOhelp, folder), path.join(vault, folder), { recursive: true });
        for (const n of listNotes(path.join(vault, folder)))
          chunks += chunkCountOf(readFileSync(path.join(vault, folder, n), 'utf8'));
      }
      // Indexed notes edited too: their old vectors are replaced in the same batches that run out of space.
      for (const note of sampleNotes.slice(0, 5)) {
        appendFileSync(path.join(vault, note), `\n\nAn edit made just before the disk filled up: ${note}.\n`);
        bumpMtime(path.join(vault, note), 5);
        edited.push(note);
      }
      fillDisk(LEFT_FREE_KB);
      const free = freeKb(mnt);
      failedRun = await sync();
      console.log(
        `[${SUITE}] ${listNotes(vault).length - sampleNotes.length} notes (${chunks} chunks) added and ${edited.length} edited with ${free} KB free: ${describeCli(failedRun).replace(/\n/g, ' ')}`,
      );
      expect(failedRun.signal, describeCli(failedRun)).toBeNull();
      expect(failedRun.code, describeCli(failedRun)).not.toBe(0);
      expect(
        `${failedRun.stdout}\n${failedRun.stderr}`,
        `the error must say the disk is full\n${describeCli(failedRun)}`,
      ).toMatch(SPACE_ERROR);

      // What the failure left, read before any CLI command opens (and repairs) the index. Reading needs a
      // little room (SQLite's shared-memory file), so free the space first: that does not touch the index.
      rmSync(junk);
      afterFailure = await auditIndex(dataDir);
      console.log(`[${SUITE}] left by the failed sync: ${summarizeAudit(afterFailure)}`);
    }, 300_000);

    it('no note whose chunks were not all written is marked completed', () => {
      expect(afterFailure).toBeDefined();
      expect(invariantViolations(afterFailure!), summarizeAudit(afterFailure!)).toEqual([]);
      const completed = afterFailure!.rows.filter((r) => r.status === 'completed').length;
      expect(completed, 'some notes could not be indexed').toBeLessThan(listNotes(vault).length);
    });

    // Regression test (fixed in 39ab9bd): a batch deletes a modified note's old vectors before writing the new
    // ones; when the write failed the note used to be marked failed with its old chunk rows (keyword-searchable)
    // but no vectors. Rows a fault leaves in 'processing' are exempt: the next sync redoes them.
    it('a failed note keeps either its chunks and vectors, or neither', () => {
      expect(afterFailure).toBeDefined();
      const stale = afterFailure!.chunksWithoutVectors.filter((c) => c.status !== 'processing');
      expect(
        [...new Set(stale.map((c) => `${c.status} ${path.relative(vault, c.file_path)}`))],
        'logged chunks without vectors',
      ).toEqual([]);
    });

    it('after freeing space the doctor finds nothing wrong, and a re-sync completes everything', async () => {
      // The doctor reports what the failure left (interrupted files, uncommitted vectors) and repairs it; no
      // completed file may need a reset: that would be a file marked completed without all of its chunks.
      const repairRun = await cli(['doctor']);
      expect(repairRun.code, describeCli(repairRun)).toBe(0);
      const repair = JSON.parse(repairRun.stdout) as DoctorReport;
      expect(repair, 'doctor (repair) after freeing space').toMatchObject({
        duplicateVectors: 0,
        filesReset: [],
        interruptedReset: afterFailure!.statusCounts.processing ?? 0,
        orphanVectors: afterFailure!.orphanVectors.length,
      });
      const doctorRun = await cli(['doctor', '--no-repair']);
      expect(doctorRun.code, describeCli(doctorRun)).toBe(0);
      expect(JSON.parse(doctorRun.stdout) as DoctorReport, 'doctor --no-repair after the repair').toMatchObject({
        ok: true,
        interruptedReset: 0,
        orphanVectors: 0,
        duplicateVectors: 0,
        filesReset: [],
      });
      const r = await sync();
      expect(r.code, describeCli(r)).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ failed: 0 });
      const audit = await auditIndex(dataDir, vault);
      expect(settledViolations(audit), summarizeAudit(audit)).toEqual([]);
      const stored = chunkTextsByNote(dataDir, vault);
      for (const note of listNotes(vault))
        expect(stored.get(note) ?? [], `${note}: stored chunks vs its text`).toEqual(
          chunkTexts(path.join(vault, note)),
        );
      figures = `disk full: ${afterFailure!.statusCounts.completed ?? 0} of ${listNotes(vault).length} notes completed before ENOSPC (all whole); re-sync after freeing space completed all ${audit.rows.length} notes, ${audit.chunkLog} chunks`;
    }, 300_000);

    // Regression test (fixed in 39ab9bd): on a completely full disk SQLite cannot create its shared-memory file
    // and every command used to fail with a bare "obsiquery: disk I/O error".
    it('a sync started on a completely full disk says the disk is full', async () => {
      appendFileSync(path.join(vault, sampleNotes[0]!), '\n\nOne more edit, on a full disk.\n');
      bumpMtime(path.join(vault, sampleNotes[0]!), 10);
      fillDisk(0);
      try {
        const r = await sync();
        expect(r.code, describeCli(r)).not.toBe(0);
        expect(`${r.stdout}\n${r.stderr}`, describeCli(r)).toMatch(SPACE_ERROR);
      } finally {
        rmSync(junk, { force: true });
      }
    }, 120_000);

    it('after the full-disk attempt, a sync with room again is consistent', async () => {
      rmSync(junk, { force: true });
      const r = await sync();
      expect(r.code, describeCli(r)).toBe(0);
      const audit = await auditIndex(dataDir, vault);
      expect(settledViolations(audit), summarizeAudit(audit)).toEqual([]);
    }, 180_000);

    describe('a read-only data folder', () => {
      const note = () => sampleNotes[1]!;
      let hashBefore: string | null = null;

      it('sync is refused up front: exit code 2, a message naming the folder and EROFS', async () => {
        const before = await auditIndex(dataDir, vault);
        expect(settledViolations(before)).toEqual([]);
        hashBefore = before.rows.find((r) => r.file_path === path.join(vault, note()))!.file_hash;
        appendFileSync(path.join(vault, note()), '\n\nAn edit that cannot be indexed on a read-only disk.\n');
        bumpMtime(path.join(vault, note()), 15);
        remount(mnt, 'ro');
        let r: CliRun;
        try {
          r = await sync();
        } finally {
          remount(mnt, 'rw');
        }
        expect(r.code, describeCli(r)).toBe(2);
        expect(r.signal).toBeNull();
        expect(r.stdout, describeCli(r)).toBe('');
        expect(r.stderr, describeCli(r)).toMatch(/not writable/);
        expect(r.stderr, describeCli(r)).toContain(dataDir);
        expect(r.stderr, describeCli(r)).toMatch(/EROFS/);
      }, 120_000);

      it('nothing was touched: the edited note is still completed with its old content, nothing half-done', async () => {
        const audit = await auditIndex(dataDir, vault);
        expect(invariantViolations(audit), summarizeAudit(audit)).toEqual([]);
        expect(audit.statusCounts, summarizeAudit(audit)).toEqual({ completed: audit.rows.length });
        expect(audit.orphanVectors).toEqual([]);
        const row = audit.rows.find((r) => r.file_path === path.join(vault, note()))!;
        expect(row.file_hash).toBe(hashBefore);
        expect(row.file_hash).not.toBe(sha256File(path.join(vault, note())));
        expect(audit.disk.staleHash).toEqual([note()]);

        const r = await sync();
        expect(r.code, describeCli(r)).toBe(0);
        expect(JSON.parse(r.stdout)).toMatchObject({ modified: 1, failed: 0 });
        const after = await auditIndex(dataDir, vault);
        expect(settledViolations(after), summarizeAudit(after)).toEqual([]);
      }, 120_000);
    });
  });
}
