/** The system module's entry: health and version. */
export { systemRoutes } from './system-routes';
