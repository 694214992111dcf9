// English resources, one object per namespace; their shape types every translation key of the app.
import common from './common';
import domain from './domain';
import errors from './errors';
import routes from './routes';
import shell from './shell';

export const en = { common, shell, routes, errors, domain };
