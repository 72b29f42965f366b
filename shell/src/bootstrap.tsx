import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import './app/styles/shell.css';
import { App } from './app/App';
import { createFederationLoader } from './app/federation/federation-loader';
import { federationRuntime } from './app/federation/federation-runtime';
import { createRoutes } from './app/routes/route-table';

const loader = createFederationLoader({ runtime: federationRuntime });
const router = createBrowserRouter(createRoutes());

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
createRoot(container).render(<App router={router} loader={loader} />);
