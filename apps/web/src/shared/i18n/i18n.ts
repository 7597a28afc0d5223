import { createI18n, type Messages, type Translations } from '@nanostores/i18n';
import { useStore } from '@nanostores/react';
import { loadCatalog } from './catalogs';
import { BASE_LOCALE, currentLocale } from './locale';

export { count, params } from '@nanostores/i18n';

/**
 * Defines a component's messages: `i18n('auth/login-page', { title: 'Login' })`. The name's
 * prefix (`auth`) is the Hindi catalog file that holds its translations (README.md).
 */
export const i18n = createI18n(currentLocale, { baseLocale: BASE_LOCALE, get: loadCatalog });

/** A component's messages in the chosen language, re-rendering when the language changes. */
export function useMessages<Body extends Translations>(messages: Messages<Body>): Body {
  return useStore(messages);
}
