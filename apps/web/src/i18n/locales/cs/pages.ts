// Czech texts of the signed-in pages, loaded with the first such page (or when the browser is idle).
import catalogs from './catalogs';
import companies from './companies';
import exports from './exports';
import instances from './instances';
import lineups from './lineups';
import stories from './stories';
import storyTeam from './storyTeam';
import summaries from './summaries';

export const pages = {
  companies,
  catalogs,
  stories,
  instances,
  summaries,
  storyTeam,
  lineups,
  exports,
};
