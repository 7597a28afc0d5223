/** One icon definition: `icon` holds width, height, aliases, unicode and path data. */
export type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
