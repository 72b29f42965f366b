/**
 * `npm start`: the whole marketplace in one process on embedded defaults (PGlite under DATA_DIR,
 * the in-database event bus, keys in DATA_DIR). Builds the web apps first when they are missing or
 * older than their sources. PORT and DATA_DIR choose the port and the data folder.
 */
import { EdgeConfigSchema, startEdge } from '@marketplace/edge';
import { loadConfig, runProcess } from '@marketplace/service-kit';
import { ensureWebBuild } from './web-build';

ensureWebBuild();

void runProcess('marketplace', async () => {
  const edge = await startEdge(
    loadConfig(EdgeConfigSchema, { LOG_LEVEL: 'warn', DEMO_DATA: 'on', ...process.env }),
  );
  const shown = edge.url.replace('127.0.0.1', 'localhost');
  console.log(
    `\n  Marketplace running (${edge.topology}) at ${shown}\n  Data folder: ${process.env.DATA_DIR ?? '.data'}\n`,
  );
  return edge;
});
