// Czech texts every page may show before its own code arrives: the shell, errors, domain words and the sign-in pages.
import auth from './auth';
import common from './common';
import domain from './domain';
import errors from './errors';
import routes from './routes';
import shell from './shell';

export const startup = { common, shell, routes, errors, domain, auth };
