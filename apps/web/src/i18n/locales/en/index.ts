// English resources, one object per namespace; their shape types every translation key of the app.
import { pages } from './pages';
import { startup } from './startup';

export const en = { ...startup, ...pages };
