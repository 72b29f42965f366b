// The shell starts in three tasks instead of one long one, so that a tap or a key press while the page
// starts is answered in between: React DOM's module here, the app's modules (router, routes, layouts)
// in ./app/mount, then the first render. Both modules are in the one `bootstrap` chunk the HTML loads.
import { createRoot } from 'react-dom/client';
import { nextTask } from './lib/next-task';

async function start(): Promise<void> {
  await nextTask();
  const { prepareShell } = await import(/* webpackChunkName: "bootstrap" */ './app/mount');
  const shell = prepareShell(createRoot);
  await nextTask();
  shell.render();
}

void start();
