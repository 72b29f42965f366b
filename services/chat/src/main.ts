import { runProcess, startStandaloneService } from '@marketplace/service-kit';
import chatService, { loadChatSettings } from './app';

void runProcess('chat', async () => {
  // Instance name, allowed origins, reminder interval, drain pace (config.ts); bad values stop here.
  const chat = loadChatSettings(process.env);
  return startStandaloneService({
    name: 'chat',
    defaultPort: 3103,
    plugin: (app, deps) => chatService(app, { ...deps, chat }),
    // The sockets' hand-over (one close hook) may take its spread, plus up to DRAIN_TIMEOUT_MS and
    // CLOSE_HANDSHAKE_MS; the rest of the shutdown has the kit's usual 10 s.
    shutdownTimeoutMs: (chat.drain?.maxSpreadMs ?? 0) + 10_000,
  });
});
