import { runProcess, startStandaloneService } from '@marketplace/service-kit';
import jobsService from './app';

void runProcess('jobs', () =>
  startStandaloneService({ name: 'jobs', defaultPort: 3102, plugin: jobsService }),
);
