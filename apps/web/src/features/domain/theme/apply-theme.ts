import type { ResolvedTheme } from './resolve-theme';

const THEME_CLASS_PREFIX = 'theme-';

/**
 * Puts a theme on the page (spec §2): the class `theme-<name>` and `data-theme="<name>"`
 * on both `html` and `body`, and any derived tokens as custom properties on `html`.
 */
export function applyTheme(doc: Document, theme: ResolvedTheme): void {
  for (const element of [doc.documentElement, doc.body]) {
    for (const cls of [...element.classList]) {
      if (cls.startsWith(THEME_CLASS_PREFIX)) element.classList.remove(cls);
    }
    element.classList.add(`${THEME_CLASS_PREFIX}${theme.name}`);
    element.setAttribute('data-theme', theme.name);
  }

  const style = doc.documentElement.style;
  const stale = Array.from({ length: style.length }, (_, i) => style.item(i)).filter(
    (name) => name.startsWith('--') && !(name in theme.tokens),
  );
  for (const name of stale) style.removeProperty(name);
  for (const [name, value] of Object.entries(theme.tokens)) style.setProperty(name, value);

  // The mobile browser bar follows the header so the brand colour reaches the screen edge.
  const barColour = doc.defaultView
    ?.getComputedStyle(doc.documentElement)
    .getPropertyValue('--browser-bar')
    .trim();
  if (barColour) doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', barColour);
}
