// The words a comparison's query uses for the live story and its upgraded state; no schema, so the web's shell imports them alone.
/** The query's word for the story as it is now. */
export const LIVE_STORY = 'live';

/**
 * The query's word for the live story with every waiting upgrade applied (decision 0043): what
 * its totals would become.
 */
export const UPGRADED_STORY = 'upgraded';
