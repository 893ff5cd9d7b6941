/**
 * The benches' command line, read the same way by every bench script: `option('--data')` is the word after `--data`
 * (undefined when absent), `repeated('--set')` every word that follows a `--set`.
 */
const argv = process.argv.slice(2);

export function option(name: string, args: readonly string[] = argv): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export function repeated(name: string, args: readonly string[] = argv): string[] {
  return args.flatMap((a, i) => (a === name && args[i + 1] !== undefined ? [args[i + 1]!] : []));
}
