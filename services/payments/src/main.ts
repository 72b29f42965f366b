import { runProcess, startStandaloneService } from '@marketplace/service-kit';
import paymentsService from './app';

void runProcess('payments', () =>
  startStandaloneService({ name: 'payments', defaultPort: 3104, plugin: paymentsService }),
);
