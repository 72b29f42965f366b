import { runProcess, startStandaloneService } from '@marketplace/service-kit';
import chatService, { loadChatSettings } from './app';

void runProcess('chat', async () => {
  // Instance name, allowed origins, reminder interval (config.ts); bad values stop here.
  const chat = loadChatSettings(process.env);
  return startStandaloneService({
    name: 'chat',
    defaultPort: 3103,
    plugin: (app, deps) => chatService(app, { ...deps, chat }),
  });
});
