/**
 * Which URLs the app hands to the operating system (`shell.openExternal`): links in answers and notes open in
 * the browser, note links in Obsidian, and nothing else. Parsed with the WHATWG URL parser, the same one
 * Electron uses, rather than matched with a regex, so `  javascript:`, `HTTPS:` tricks and garbage are judged
 * as the OS would see them. Plain http is refused: a local assistant has no business sending users to it.
 */
const ALLOWED_PROTOCOLS = new Set(['https:', 'obsidian:']);

export function isAllowedExternalUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    return ALLOWED_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}
