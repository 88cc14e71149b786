export type Theme = 'light' | 'dark';

export function toTheme(pref: string | null | undefined): Theme {
  return pref === 'dark' ? 'dark' : 'light';
}

export function applyTheme(pref: string | null | undefined): void {
  const theme = toTheme(pref);
  localStorage.setItem('measure.theme', theme);
  document.documentElement.dataset.theme = theme;
}

/** Before login the last used theme applies, so a dark station does not flash white on reload. */
export function applyStoredTheme(): void {
  document.documentElement.dataset.theme = toTheme(localStorage.getItem('measure.theme'));
}
