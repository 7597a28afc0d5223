/** Between the domain's title and the route's, e.g. "99Exch | Login". */
export const TITLE_SEPARATOR = ' | ';

/** The document title: the domain's title followed by the route's (spec §2). */
export function composeTitle(
  domainTitle: string | null | undefined,
  routeTitle: string | null | undefined,
): string {
  return [domainTitle, routeTitle]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(TITLE_SEPARATOR);
}

export interface DocumentHead {
  title: string;
  description: string | null;
  favicon: string | null;
}

function headElement(doc: Document, selector: string, create: () => HTMLElement): HTMLElement {
  const found = doc.head.querySelector<HTMLElement>(selector);
  if (found) return found;
  const element = create();
  doc.head.append(element);
  return element;
}

/** Writes the title, the description meta tag and the favicon link. */
export function applyDocumentHead(doc: Document, head: DocumentHead): void {
  if (head.title && doc.title !== head.title) doc.title = head.title;
  if (head.description !== null) {
    headElement(doc, 'meta[name="description"]', () => {
      const meta = doc.createElement('meta');
      meta.name = 'description';
      return meta;
    }).setAttribute('content', head.description);
  }
  if (head.favicon) {
    const link = headElement(doc, 'link[rel="icon"]', () => {
      const icon = doc.createElement('link');
      icon.rel = 'icon';
      return icon;
    });
    if (link.getAttribute('href') !== head.favicon) link.setAttribute('href', head.favicon);
  }
}
