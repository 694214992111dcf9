// Czech resources, one object per namespace.
import auth from './auth';
import catalogs from './catalogs';
import common from './common';
import companies from './companies';
import domain from './domain';
import exports from './exports';
import errors from './errors';
import instances from './instances';
import lineups from './lineups';
import routes from './routes';
import shell from './shell';
import stories from './stories';
import storyTeam from './storyTeam';
import summaries from './summaries';

export const cs = {
  common,
  shell,
  routes,
  errors,
  domain,
  auth,
  companies,
  catalogs,
  stories,
  instances,
  summaries,
  storyTeam,
  lineups,
  exports,
};
