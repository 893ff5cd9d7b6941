/** The figure format every section reports, and the markdown table printed at the end of a run. */

export interface Figure {
  id: string;
  label: string;
  workload: string;
  unit: string;
  /** How many measured runs (or samples) the median is over. */
  runs: number;
  value: number;
  /** Measured in the same run; null only where the brief asks for none (peak RSS). */
  baseline: number | null;
  baseline_label: string | null;
  ratio: number | null;
  target: string;
  /** null: a figure to report, with no pass/fail target. */
  pass: boolean | null;
  notes?: string;
}

/** Every figure a complete run must produce (the smoke test checks the JSON against this list). */
export const FIGURE_IDS = [
  'ingest_ohelp_throughput',
  'ingest_ohelp_time',
  'first_searchable',
  'ingest_tldr_throughput',
  'ingest_tldr_time',
  'resync_nochange',
  'resync_onefile',
  'resync_cli',
  'query_tldr_p50',
  'query_tldr_p95',
  'query_tldr_fusion',
  'query_synthetic_p50',
  'query_synthetic_p95',
  'query_synthetic_fusion',
  'note_read_synthetic',
  'peak_rss_ingest',
  'mcp_initialize',
  'mcp_first_search',
  'ask_cli_cold',
  'ask_ttft',
  'ask_total',
  'ask_total_unjudged',
  'ask_total_again',
  'ingest_growth',
] as const;

export function fmt(value: number | null, unit = ''): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  const text =
    abs >= 100 ? value.toFixed(0) : abs >= 10 ? value.toFixed(1) : abs >= 1 ? value.toFixed(2) : value.toFixed(3);
  return unit ? `${text} ${unit}` : text;
}

export function figureTable(figures: Figure[]): string {
  const lines = [
    '| figure | workload | runs | value | baseline (same run) | ratio | target | ok |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    const baseline = f.baseline_label === null ? '—' : `${fmt(f.baseline, f.unit)} (${f.baseline_label})`;
    const ok = f.pass === null ? 'report' : f.pass ? 'yes' : '**no**';
    lines.push(
      `| ${f.label} | ${f.workload} | ${f.runs} | ${fmt(f.value, f.unit)} | ${baseline} | ${f.ratio === null ? '—' : `${fmt(f.ratio)}×`} | ${f.target} | ${ok} |`,
    );
  }
  return lines.join('\n');
}

export function markdownTable(header: string[], rows: (string | number)[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map(
      (r) => `| ${r.map((c) => (typeof c !== 'number' ? c : Number.isInteger(c) ? String(c) : fmt(c))).join(' | ')} |`,
    ),
  ].join('\n');
}
