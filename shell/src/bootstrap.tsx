import { createRoot } from 'react-dom/client';
import { keepPrerenderedPage } from '@marketplace/ui';
import { createBrowserRouter } from '@marketplace/ui/router';
import './app/styles/shell.css';
import { App } from './app/App';
import { createFederationLoader } from './app/federation/federation-loader';
import { federationRuntime } from './app/federation/federation-runtime';
import { applyThemeChoice, readThemeChoice } from './app/layouts/theme';
import { createRoutes } from './app/routes/route-table';

// The theme chosen with the signed-in switch holds on every page, from the first paint.
applyThemeChoice(readThemeChoice());

const loader = createFederationLoader({ runtime: federationRuntime });
const router = createBrowserRouter(createRoutes());

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
// A catalogue page's hero the edge drew for the first paint stays on screen until its page arrives.
keepPrerenderedPage(container);
createRoot(container).render(<App router={router} loader={loader} />);
