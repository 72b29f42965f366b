import { runProcess, startStandaloneService } from '@marketplace/service-kit';
import accountsService, { loadAccountsSettings } from './app';

void runProcess('accounts', async () => {
  // Admin, Facebook, cookie, session, rate-limit and mail settings (config.ts); bad values stop here.
  const accounts = loadAccountsSettings(process.env);
  return startStandaloneService({
    name: 'accounts',
    defaultPort: 3101,
    plugin: (app, deps) => accountsService(app, { ...deps, accounts }),
    signsTokens: true,
  });
});
