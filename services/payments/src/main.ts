import { runProcess, startStandaloneService } from '@marketplace/service-kit';
import paymentsService, { loadPaymentsSettings } from './app';

void runProcess('payments', async () => {
  // Provider keys, price, cap, public URL and reconciliation settings (config.ts); bad values stop here.
  const payments = loadPaymentsSettings(process.env);
  return startStandaloneService({
    name: 'payments',
    defaultPort: 3104,
    plugin: (app, deps) => paymentsService(app, { ...deps, payments }),
  });
});
