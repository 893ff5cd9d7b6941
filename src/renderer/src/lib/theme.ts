/** The colour theme is a per-device preference, so it lives in localStorage rather than the vault's settings. */

export type Theme = 'system' | 'light' | 'dark';

const KEY = 'obsiquery.theme';

export function loadTheme(): Theme {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

export function saveTheme(theme: Theme): void {
  applyTheme(theme);
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // storage can be disabled; the theme still applies for this session
  }
}
