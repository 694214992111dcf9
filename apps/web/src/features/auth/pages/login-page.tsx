// /login: starts the redirect to the sign-in service, or, with ?interaction=…, shows its login form (design deviation 1).
import { Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/routing/paths';
import { useSession } from '@/lib/session';
import { lazyLoginForm } from '../components/lazy-login-form';
import { LoginFormLoading } from '../components/login-form-loading';
import { SignInRedirect } from '../components/sign-in-redirect';

const LoginForm = lazyLoginForm.Component;

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const { isLogged } = useSession();
  const interaction = searchParams.get('interaction');
  if (interaction) {
    return (
      <Suspense fallback={<LoginFormLoading />}>
        <LoginForm key={interaction} uid={interaction} />
      </Suspense>
    );
  }
  // Someone already signed in has nothing to sign in to.
  if (isLogged) return <Navigate to={paths.home()} replace />;
  return <SignInRedirect />;
}
