// Everything the shell's first render needs beyond React DOM: the router, the route table, the layouts
// and the federation loader. bootstrap.tsx evaluates this module in a task of its own.
import { startTransition } from 'react';
import type { createRoot } from 'react-dom/client';
import { keepPrerenderedPage } from '@marketplace/ui';
import './styles/shell.css';
import { App } from './App';
import { createFederationLoader } from './federation/federation-loader';
import { federationRuntime } from './federation/federation-runtime';
import { applyThemeChoice, readThemeChoice } from './layouts/theme';
import { createRoutes } from './routes/route-table';

export interface ShellStart {
  /** The route table and loader are made; the first render is `render()`, in a later task. */
  render(): void;
}

export function prepareShell(create: typeof createRoot): ShellStart {
  // The theme chosen with the signed-in switch holds on every page, from the first paint.
  applyThemeChoice(readThemeChoice());

  const loader = createFederationLoader({ runtime: federationRuntime });
  const routes = createRoutes();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root element missing from index.html');
  return {
    render() {
      // A page the edge drew for the first paint stays on screen until its own page arrives.
      keepPrerenderedPage(container);
      // As a transition React renders in slices of a few milliseconds, yielding to the browser between
      // them, rather than in one long task; the edge's page stays on screen meanwhile.
      const root = create(container);
      startTransition(() => root.render(<App routes={routes} loader={loader} />));
    },
  };
}
