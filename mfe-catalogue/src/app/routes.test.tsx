import { describeRemoteRoutes } from '@marketplace/ui/testing';
import routesModule from './routes';

describeRemoteRoutes('catalogue', routesModule);
