// Czech resources, one object per namespace.
import common from './common';
import domain from './domain';
import errors from './errors';
import routes from './routes';
import shell from './shell';

export const cs = { common, shell, routes, errors, domain };
