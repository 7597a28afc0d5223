/** The web module's entry: the built player client and the single-page fallback. */
export { spaFallback, webRoutes } from './web-routes';
