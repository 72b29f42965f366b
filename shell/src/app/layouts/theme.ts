import { useCallback, useEffect, useState } from 'react';

/** Local storage key of the theme chosen with the switch ('dark' or 'light'); kept across sign-out. */
export const THEME_STORAGE_KEY = 'theme';
/** Class on <body> while dark mode is chosen (spec: "adds or removes a dark class on the page body"). */
export const DARK_BODY_CLASS = 'dark';
/** Class on <body> while light mode is chosen on a device set to dark (libs/ui styles.css). */
export const LIGHT_BODY_CLASS = 'light';

export type ThemeChoice = 'dark' | 'light';

const SYSTEM_DARK = '(prefers-color-scheme: dark)';

export function readThemeChoice(): ThemeChoice | null {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'dark' || stored === 'light' ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Marks <body> with the visitor's choice; with none, the pages follow the device's setting (the dark
 * palette sits under prefers-color-scheme). Called before the first render and by the switch, so a
 * choice made in the signed-in area holds on every page.
 */
export function applyThemeChoice(choice: ThemeChoice | null): void {
  document.body.classList.toggle(DARK_BODY_CLASS, choice === 'dark');
  document.body.classList.toggle(LIGHT_BODY_CLASS, choice === 'light');
}

function systemIsDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(SYSTEM_DARK).matches;
}

/**
 * The signed-in area's dark-mode switch: on when the visitor chose dark, or chose nothing on a device
 * set to dark (it shows what the page shows). Flipping it stores an explicit choice.
 */
export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const [choice, setChoice] = useState(readThemeChoice);
  const [systemDark, setSystemDark] = useState(systemIsDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(SYSTEM_DARK);
    const follow = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  useEffect(() => applyThemeChoice(choice), [choice]);

  const setDark = useCallback((dark: boolean) => {
    const next: ThemeChoice = dark ? 'dark' : 'light';
    setChoice(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage disabled: the switch still works for this visit
    }
  }, []);

  return [choice ? choice === 'dark' : systemDark, setDark];
}
