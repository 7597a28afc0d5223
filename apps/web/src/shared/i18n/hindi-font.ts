/*
 * Noto Sans Devanagari, its Devanagari subset only (Latin text keeps the brand's font), regular
 * and bold: Hindi renders on a device without a Devanagari font of its own. Loaded with the
 * Hindi catalog, so a visit in English downloads none of it.
 */
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
