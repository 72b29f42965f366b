import { runProcess, startStandaloneService } from '@marketplace/service-kit';
import jobsService from './app';
import { loadJobsSettings } from './config';

void runProcess('jobs', () => {
  // UNLOCK_CAP (config.ts); a bad value stops here.
  const jobs = loadJobsSettings(process.env);
  return startStandaloneService({
    name: 'jobs',
    defaultPort: 3102,
    plugin: (app, deps) => jobsService(app, { ...deps, jobs }),
  });
});
