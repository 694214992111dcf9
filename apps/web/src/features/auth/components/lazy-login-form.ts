// The login form's code, loaded while the sign-in service's round trips run: /login's first screen is only the redirect card.
import { lazyComponent } from '@/lib/lazy-component';

export const lazyLoginForm = lazyComponent(() =>
  import('./login-form').then((module) => module.LoginForm),
);
