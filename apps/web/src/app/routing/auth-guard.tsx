// The guard of auth routes (spec section 4): signed out visitors have their path remembered and go to /login.
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isLeavingPage } from '@/lib/browser-location';
import { rememberOriginalPath, useSession } from '@/lib/session';
import { paths } from '@/lib/routing/paths';

function RedirectToLogin({ from }: { from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    // Logout clears the session on its way to the sign-in service: nothing to remember then.
    if (isLeavingPage()) return;
    rememberOriginalPath(from);
    void navigate(paths.login(), { replace: true });
  }, [from, navigate]);
  return null;
}

export function AuthGuard() {
  const { isLogged } = useSession();
  const { pathname, search } = useLocation();
  return isLogged ? <Outlet /> : <RedirectToLogin from={`${pathname}${search}`} />;
}
