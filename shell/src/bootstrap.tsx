import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import './styles/shell.css';
import { App } from './App';
import { createFederationLoader } from './federation/federation-loader';
import { federationRuntime } from './federation/federation-runtime';
import { createRoutes } from './routes/route-table';

const loader = createFederationLoader({ runtime: federationRuntime });
const router = createBrowserRouter(createRoutes());

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
createRoot(container).render(<App router={router} loader={loader} />);
