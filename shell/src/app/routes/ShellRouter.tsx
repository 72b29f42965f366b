// The shell's router: BrowserRouter's work (the address in the browser's history, moves as transitions)
// with the transition in the shell's hands, so that it knows when a move is still on its way. A move to
// a page whose chunk is not there yet (a shell page such as /login, the signed-in layout) keeps the page
// being left on screen until the next one can render; the bar at the top of the window says so, as a
// browser does for a page load, instead of a click that seems to do nothing on a slow connection.
import { useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { createBrowserHistory, Router, type HistoryRouterProps } from '@marketplace/ui/router';

type History = HistoryRouterProps['history'];

interface ShellRouterProps {
  children: ReactNode;
  /** The browser's history by default; tests give one in memory (createMemoryHistory). */
  history?: History;
}

export function ShellRouter({ children, history: given }: ShellRouterProps) {
  const [history] = useState<History>(() => given ?? createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  const [moving, startTransition] = useTransition();
  useLayoutEffect(
    () => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <NavigationProgress active={moving} />
      {children}
    </Router>
  );
}

/**
 * A thin bar across the top of the window while a move is on its way. It shows only after a short delay
 * (CSS), so a move that completes at once does not flash it.
 */
export function NavigationProgress({ active }: { active: boolean }) {
  if (!active) return null;
  return <div className="navigation-progress" role="progressbar" aria-label="Loading page" />;
}
