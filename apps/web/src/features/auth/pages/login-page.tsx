// /login: starts the redirect to the sign-in service, or, with ?interaction=…, shows its login form (design deviation 1).
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/routing/paths';
import { useSession } from '@/lib/session';
import { LoginForm } from '../components/login-form';
import { SignInRedirect } from '../components/sign-in-redirect';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const { isLogged } = useSession();
  const interaction = searchParams.get('interaction');
  if (interaction) return <LoginForm key={interaction} uid={interaction} />;
  // Someone already signed in has nothing to sign in to.
  if (isLogged) return <Navigate to={paths.home()} replace />;
  return <SignInRedirect />;
}
