import { runProcess, startStandaloneService } from '@marketplace/service-kit';
import chatService from './app';

const instanceId = process.env.CHAT_INSTANCE_ID;
void runProcess('chat', () =>
  startStandaloneService({
    name: 'chat',
    defaultPort: 3103,
    plugin: (app, deps) => chatService(app, { ...deps, ...(instanceId ? { instanceId } : {}) }),
  }),
);
