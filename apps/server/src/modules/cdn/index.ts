/**
 * The cdn module's entry: brand assets served from the domain registry, and each brand's web
 * app manifest, home-screen icons and the page head's tags that link them.
 */
export { cdnRoutes } from './cdn-routes';
export { installableHeadTags } from './installable';
