import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmdirSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Size-limited tmpfs mounts for disk-full and read-only faults (Linux, root or CAP_SYS_ADMIN only). */

const mounted = new Set<string>();
process.once('exit', () => {
  for (const dir of mounted) spawnSync('umount', ['-l', dir]);
});

function run(cmd: string, args: string[]): { ok: boolean; out: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 20_000 });
  if (r.error) return { ok: false, out: r.error.message };
  return { ok: r.status === 0, out: `${r.stderr ?? ''}${r.stdout ?? ''}`.trim() };
}

/** Whether this process may mount a tmpfs here; the reason when not (shown in the skipped test's name). */
export function probeTmpfs(): { ok: true } | { ok: false; reason: string } {
  if (process.platform !== 'linux')
    return { ok: false, reason: `tmpfs mounts need Linux (this is ${process.platform})` };
  if (process.getuid?.() !== 0)
    return { ok: false, reason: `mounting a tmpfs needs root (running as uid ${process.getuid?.()})` };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'obq-tmpfs-probe-'));
  try {
    const m = run('mount', ['-t', 'tmpfs', '-o', 'size=1M', 'tmpfs', dir]);
    if (!m.ok) return { ok: false, reason: `mount -t tmpfs is not permitted here: ${m.out || 'failed'}` };
    const u = run('umount', [dir]);
    if (!u.ok) return { ok: false, reason: `umount failed: ${u.out}` };
    return { ok: true };
  } finally {
    rmdirSync(dir);
  }
}

export function mountTmpfs(dir: string, sizeKb: number): void {
  mkdirSync(dir, { recursive: true });
  const m = run('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir]);
  if (!m.ok) throw new Error(`mount tmpfs at ${dir}: ${m.out}`);
  mounted.add(dir);
}

export function remount(dir: string, options: string): void {
  const m = run('mount', ['-o', `remount,${options}`, dir]);
  if (!m.ok) throw new Error(`mount -o remount,${options} ${dir}: ${m.out}`);
}

/** Unmounts (lazily if something still holds a file there); safe to call twice. */
export function unmount(dir: string): void {
  if (!mounted.has(dir)) return;
  const u = run('umount', [dir]);
  if (!u.ok) run('umount', ['-l', dir]);
  mounted.delete(dir);
}

export function freeKb(dir: string): number {
  const s = statfsSync(dir);
  return Math.floor((s.bavail * s.bsize) / 1024);
}
