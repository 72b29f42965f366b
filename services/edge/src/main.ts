import { loadConfig, runProcess } from '@marketplace/service-kit';
import { EdgeConfigSchema } from './config';
import { startEdge } from './edge';

void runProcess('edge', async () => startEdge(loadConfig(EdgeConfigSchema)));
