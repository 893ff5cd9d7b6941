/** A real progress bar for indexing: files done of total, throughput and time left, from sync:progress. */
import type { SyncProgressT } from '../../../shared/contract.js';
import { formatEta, formatNumber } from '../lib/format.js';

const PHASE_LABEL: Record<SyncProgressT['phase'], string> = {
  scanning: 'Scanning your vault…',
  indexing: 'Indexing notes',
  finishing: 'Finishing up…',
  done: 'Indexing complete',
};

export function SyncProgressBar({
  progress,
  label = 'Indexing progress',
}: {
  progress: SyncProgressT | null;
  label?: string;
}) {
  const total = progress?.filesTotal ?? 0;
  const done = Math.min(progress?.filesDone ?? 0, total);
  const known = total > 0;
  const pct = known ? Math.round((done / total) * 100) : 0;
  const phase = progress?.phase ?? 'scanning';
  const valueText = known ? `${formatNumber(done)} of ${formatNumber(total)} notes` : PHASE_LABEL[phase];
  return (
    <div className="sync-progress">
      <div className="sync-progress-head">
        <span className="sync-phase">{PHASE_LABEL[phase]}</span>
        {known && <span className="sync-count">{valueText}</span>}
      </div>
      <div
        className={known ? 'progress' : 'progress indeterminate'}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? done : undefined}
        aria-valuetext={valueText}
      >
        <div className="progress-fill" style={{ width: known ? `${pct}%` : undefined }} />
      </div>
      {progress && phase !== 'done' && (
        <div className="sync-progress-foot">
          <span>{progress.chunksPerSec > 0 ? `${progress.chunksPerSec.toFixed(1)} chunks/s` : 'warming up…'}</span>
          <span>{formatEta(progress.etaSeconds)}</span>
        </div>
      )}
      {progress?.currentFile && phase !== 'done' && (
        <div className="sync-current" title={progress.currentFile}>
          {progress.currentFile}
        </div>
      )}
    </div>
  );
}
