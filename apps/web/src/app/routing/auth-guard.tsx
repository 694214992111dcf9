// The guard of auth routes (spec section 4): signed out visitors have their path remembered and go to /login.
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { rememberOriginalPath, useSession } from '../session';
import { paths } from './paths';

function RedirectToLogin({ from }: { from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
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
