// Starts the browser's number and date formatting before a signed-in page needs it: its first use in a page costs tens of milliseconds.
import { LOCALE_FORMAT_TAGS, type Locale } from '@costory/shared/locale';

/**
 * The first Intl formatter of a page loads the browser's locale data: 40–75 ms in Chromium on
 * this project's machines, four times that on a slow phone. Called in a task of its own while the
 * page's code and data download, it is no longer part of the first render that shows figures.
 */
export function warmUpFormatting(locale: Locale): void {
  const tag = LOCALE_FORMAT_TAGS[locale];
  new Intl.NumberFormat(tag).format(1.5);
  new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
}
