/** The cdn module's entry: brand assets served from the domain registry. */
export { cdnRoutes } from './cdn-routes';
