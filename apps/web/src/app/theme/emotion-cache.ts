// The styles' cache of MUI's Emotion with a prefixer for today's browsers: only the properties that still need -webkit-.
import createCache, { type StylisPlugin } from '@emotion/cache';

/**
 * Properties a current browser still reads only, or also, with the -webkit- prefix (Safari's
 * user-select and backdrop-filter, text-size-adjust and mask outside Firefox). Emotion's default
 * prefixer also writes -moz- and -ms- variants of most others: work on every first render for
 * rules no supported browser reads.
 */
const WEBKIT_PROPERTIES: ReadonlySet<string> = new Set([
  'user-select',
  'backdrop-filter',
  'text-size-adjust',
  'mask',
  'mask-image',
  'mask-size',
  'mask-position',
  'mask-repeat',
  'box-decoration-break',
]);

/** Writes `-webkit-property:value;` before each declaration of a property that needs it. */
export const webkitPrefixer: StylisPlugin = (element) => {
  if (element.type !== 'decl' || element.return !== '') return;
  if (typeof element.props === 'string' && WEBKIT_PROPERTIES.has(element.props)) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

export function createStyleCache() {
  return createCache({ key: 'css', stylisPlugins: [webkitPrefixer] });
}
