/** The admin-web module's entry: the built back office under `/admin/` and its page fallback. */
export { adminWebRoutes, ADMIN_WEB_PREFIX } from './admin-web-routes';
