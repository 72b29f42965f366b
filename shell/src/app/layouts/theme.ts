import { useCallback, useEffect, useState } from 'react';

/** Local storage key of the dark-mode preference ('dark' or 'light'); kept across sign-out. */
export const THEME_STORAGE_KEY = 'theme';
/** Class on <body> while dark mode is on (spec: "adds or removes a dark class on the page body"). */
export const DARK_BODY_CLASS = 'dark';

function readPreference(): boolean {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === 'dark';
  } catch {
    return false;
  }
}

/**
 * Dark mode of the signed-in area: the switch's state, persisted in localStorage and mirrored as the
 * `dark` class on <body> while the signed-in layout is shown (the public pages have no dark theme).
 */
export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const [dark, setDarkState] = useState(readPreference);

  useEffect(() => {
    document.body.classList.toggle(DARK_BODY_CLASS, dark);
  }, [dark]);

  useEffect(() => () => document.body.classList.remove(DARK_BODY_CLASS), []);

  const setDark = useCallback((next: boolean) => {
    setDarkState(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next ? 'dark' : 'light');
    } catch {
      // storage disabled: the switch still works for this visit
    }
  }, []);

  return [dark, setDark];
}
