// Testing Library settings for the catalogue page tests, which render the whole app under jsdom.
import { configure } from '@testing-library/react';

/**
 * Role queries skip the "is it hidden?" check, which computes the style of every ancestor and
 * costs about 300 ms per query under jsdom with MUI's style sheets; hidden content (closed
 * dialogs, inactive tab panels) is then matched too, so assertions that something is absent
 * become stricter, not looser. Waits allow for a busy shared test machine.
 */
export function configureQueries(): void {
  configure({ defaultHidden: true, asyncUtilTimeout: 5000 });
}
