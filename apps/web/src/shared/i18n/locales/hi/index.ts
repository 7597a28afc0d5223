import type { ComponentsJSON } from '@nanostores/i18n';
// The Devanagari font comes with the Hindi text: a visit in English downloads neither.
import '../../hindi-font';

/** Every Hindi catalog (one file per feature, named as its components' prefix), as one chunk. */
const files = import.meta.glob<ComponentsJSON>('./*.json', { eager: true, import: 'default' });

const catalog: ComponentsJSON = Object.assign({}, ...Object.values(files));
export default catalog;
