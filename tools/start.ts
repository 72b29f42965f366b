/**
 * `npm start`: the whole marketplace in one process on embedded defaults (PGlite under DATA_DIR,
 * the in-database event bus, keys in DATA_DIR). Builds the web apps first when they are missing or
 * older than their sources, and seeds the demo set (tools/demo/; DEMO_DATA=off does not) before it says
 * ready. PORT and DATA_DIR choose the port and the data folder.
 */
import { EdgeConfigSchema, startEdge } from '@marketplace/edge';
import { loadConfig, runProcess } from '@marketplace/service-kit';
import { DemoConfigSchema, demoDataStartTask } from './demo/seed';
import { ensureWebBuild } from './web-build';

ensureWebBuild();

void runProcess('marketplace', async () => {
  // The demo set (tools/demo/): seeded into a data folder that lacks it unless DEMO_DATA=off.
  const demo = loadConfig(DemoConfigSchema);
  const edge = await startEdge(loadConfig(EdgeConfigSchema, { LOG_LEVEL: 'warn', ...process.env }), {
    startTasks: demo.DEMO_DATA === 'on' ? [demoDataStartTask()] : [],
  });
  const shown = edge.url.replace('127.0.0.1', 'localhost');
  console.log(
    `\n  Marketplace running (${edge.topology}) at ${shown}\n  Data folder: ${process.env.DATA_DIR ?? '.data'}\n`,
  );
  return edge;
});
