import { describe, expect, it } from 'vitest';
import type { DoctorReport } from '../../src/pipeline/doctor.js';
import { describeRepair } from '../../src/services/vaultService.js';

const clean: DoctorReport = {
  ok: true,
  interruptedReset: 0,
  orphanVectors: 0,
  duplicateVectors: 0,
  filesReset: [],
  completedFiles: 10,
  vectors: 40,
};

describe('describeRepair: the open-time repair names what it did', () => {
  it('an interrupted sync is not called an inconsistent index', () => {
    const text = describeRepair({ ...clean, ok: false, interruptedReset: 59 }, 7167, 7167);
    expect(text).toBe('59 file(s) left mid-sync by an interrupted run go back to pending.');
    expect(text).not.toMatch(/inconsistent/);
  });

  it('disagreeing halves are reported with their counts', () => {
    const text = describeRepair({ ...clean, ok: false, filesReset: ['a.md', 'b.md'], orphanVectors: 3 }, 40, 37);
    expect(text).toBe(
      'The index was inconsistent (40 chunks logged, 37 vectors stored): 2 file(s) will be re-indexed and 3 stray vector(s) were removed.',
    );
  });

  it('both at once are both said', () => {
    const text = describeRepair({ ...clean, ok: false, interruptedReset: 1, duplicateVectors: 2 }, 5, 7);
    expect(text).toMatch(/^1 file\(s\) left mid-sync .*; the index was inconsistent .* 2 stray vector/);
  });
});
