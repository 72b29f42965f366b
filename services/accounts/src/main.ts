import { runProcess, startStandaloneService } from '@marketplace/service-kit';
import accountsService from './app';

void runProcess('accounts', () =>
  startStandaloneService({ name: 'accounts', defaultPort: 3101, plugin: accountsService, signsTokens: true }),
);
