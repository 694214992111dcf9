// Czech resources, one object per namespace.
import { pages } from './pages';
import { startup } from './startup';

export const cs = { ...startup, ...pages };
