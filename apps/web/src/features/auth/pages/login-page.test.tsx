// /login as a visitor meets it: the redirect to the sign-in service, and the login form of an interaction in both languages.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@/lib/browser-location';
import {
  createMeta,
  jsonResponse,
  problemResponse,
  stubFetch,
  type Handler,
} from '@/test/fetch-stub';
import { createAccessToken, renderApp } from '@/test/render-app';

const UID = 'Vq3-interaction';
const DETAILS = `GET /auth/interaction/${UID}/details`;
const LOGIN = `POST /auth/interaction/${UID}/login`;

function details(overrides: Record<string, unknown> = {}): Handler {
  return () =>
    jsonResponse({ uid: UID, prompt: 'login', uiLocales: ['en'], demo: false, ...overrides });
}

/** An answer as fetch gives it after following redirects: its URL is the last one's. */
function answerFrom(url: string): Response {
  const response = new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

function assignedUrl(): URL {
  return new URL(String(vi.mocked(browserLocation.assign).mock.calls[0]?.[0]));
}

describe('/login without an interaction', () => {
  it('starts the redirect to the authorize endpoint from meta and keeps originalPath', async () => {
    const meta = createMeta();
    meta.auth.authorizationEndpoint = 'https://id.example/oauth/authorize';
    meta.auth.clientId = 'external-client';
    stubFetch({ 'GET /api/v1/meta': () => jsonResponse(meta) });
    window.localStorage.setItem('locale', 'cs');
    window.sessionStorage.setItem('originalPath', '/ctl');

    renderApp('/login', { signedIn: false });
    expect(
      await screen.findByRole('heading', { name: 'Přesměrování na přihlášení…' }),
    ).toBeVisible();
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledTimes(1));

    const url = assignedUrl();
    expect(`${url.origin}${url.pathname}`).toBe('https://id.example/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('external-client');
    expect(url.searchParams.get('ui_locales')).toBe('cs');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/oauth2-redirect');
    expect(url.searchParams.get('state')).toBe(
      window.sessionStorage.getItem('costory.signIn.state'),
    );
    expect(window.sessionStorage.getItem('costory.signIn.codeVerifier')).toMatch(/^[\w-]{43}$/);
    expect(window.sessionStorage.getItem('originalPath')).toBe('/ctl');
  });

  it('falls back to the built-in sign-in service when meta cannot be loaded', async () => {
    renderApp('/login', { signedIn: false });
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalled());
    const url = assignedUrl();
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/auth/authorize');
    expect(url.searchParams.get('client_id')).toBe('costory-web');
    expect(url.searchParams.get('company_code')).toBe('COSTORY');
  });

  it("shows the built-in service's login form without loading the app a second time", async () => {
    const { callsTo } = stubFetch({
      // fetch follows the service's redirects; the answer's URL is where they ended.
      'GET /auth/authorize': () => answerFrom(`http://localhost:3000/login?interaction=${UID}`),
      [DETAILS]: details(),
    });
    const { router } = renderApp('/login', { signedIn: false });

    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toBeVisible();
    expect(router.state.location.search).toBe(`?interaction=${UID}`);
    expect(browserLocation.assign).not.toHaveBeenCalled();
    // The route started the sign-in while the page loaded; the page took it over, not starting another.
    expect(callsTo('GET /auth/authorize')).toHaveLength(1);
    const [authorize] = callsTo('GET /auth/authorize');
    expect(authorize?.credentials).toBe('same-origin');
    expect(authorize?.url.searchParams.get('state')).toBe(
      window.sessionStorage.getItem('costory.signIn.state'),
    );
  });

  it('signs in someone the service already knows, still in the same page', async () => {
    window.sessionStorage.setItem('originalPath', '/story-detail/5/labels');
    stubFetch({
      // The service skips its form and answers with a code for the state it was sent.
      'GET /auth/authorize': (request) =>
        answerFrom(
          `http://localhost:3000/oauth2-redirect?code=c0de&state=${request.url.searchParams.get('state') ?? ''}`,
        ),
      'POST /auth/token': () =>
        jsonResponse({
          access_token: createAccessToken({ sub: '42', exp: 4_102_444_800 }),
          token_type: 'Bearer',
          refresh_token: 'refresh-1',
          expires_in: 600,
        }),
    });
    const { router } = renderApp('/login', { signedIn: false });

    await waitFor(() => expect(router.state.location.pathname).toBe('/story-detail/5/labels'));
    expect(window.sessionStorage.getItem('isLogged')).toBe('true');
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it("sends the browser to the service when its answer is not one of the app's pages", async () => {
    stubFetch({
      'GET /auth/authorize': () => answerFrom('http://localhost:3000/auth/authorize?error=x'),
    });
    renderApp('/login', { signedIn: false });
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledTimes(1));
    expect(assignedUrl().pathname).toBe('/auth/authorize');
  });

  it('sends a signed-in user home', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });
});

describe('/login?interaction= (the login form)', () => {
  async function openForm(handlers: Record<string, Handler> = {}) {
    const stub = stubFetch({ [DETAILS]: details(), ...handlers });
    const view = renderApp(`/login?interaction=${UID}`, { signedIn: false });
    // The heading shows while the form loads; the submit button comes with the form.
    await screen.findByRole('button', { name: /^(Sign in|Přihlásit se)$/ });
    return { ...view, ...stub };
  }

  it('posts the e-mail and password and follows redirectTo', async () => {
    const { user, callsTo } = await openForm({
      [LOGIN]: () => jsonResponse({ redirectTo: 'http://localhost:3000/auth/authorize/Vq3' }),
    });
    await user.type(screen.getByLabelText('E-mail'), 'jana@example.cz');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(browserLocation.assign).toHaveBeenCalledWith(
        'http://localhost:3000/auth/authorize/Vq3',
      ),
    );
    const [call] = callsTo(LOGIN);
    expect(call?.json()).toEqual({ email: 'jana@example.cz', password: 'Secret123' });
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.credentials).toBe('include');
  });

  it('checks the fields on blur before anything is sent', async () => {
    const { user, callsTo } = await openForm();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.tab();
    expect(await screen.findByText('The e-mail must be a valid email')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The password is required')).toBeInTheDocument();
    expect(callsTo(LOGIN)).toHaveLength(0);
  });

  it.each([
    ['en', 401, 'INVALID_CREDENTIALS', 'The e-mail or password is incorrect.'],
    ['cs', 401, 'INVALID_CREDENTIALS', 'E-mail nebo heslo není správné.'],
    ['en', 429, 'RATE_LIMITED', 'Too many sign-in attempts. Wait a few minutes and try again.'],
    [
      'cs',
      429,
      'RATE_LIMITED',
      'Příliš mnoho pokusů o přihlášení. Počkejte několik minut a zkuste to znovu.',
    ],
  ] as const)('shows %s text for %i %s', async (locale, status, code, text) => {
    window.localStorage.setItem('locale', locale);
    const { user } = await openForm({ [LOGIN]: () => problemResponse(status, code) });
    await user.type(screen.getByLabelText('E-mail'), 'jana@example.cz');
    await user.type(screen.getByLabelText(locale === 'en' ? 'Password' : 'Heslo'), 'Wrong123');
    await user.click(
      screen.getByRole('button', { name: locale === 'en' ? 'Sign in' : 'Přihlásit se' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(browserLocation.assign).not.toHaveBeenCalled();
    // Nothing typed is lost.
    expect(screen.getByLabelText('E-mail')).toHaveValue('jana@example.cz');
  });

  it.each([
    [
      'en',
      'Your e-mail address is not confirmed yet.',
      'Send the confirmation e-mail again',
      'If the address is registered, a new e-mail is on its way.',
    ],
    [
      'cs',
      'Vaše e-mailová adresa zatím není potvrzená.',
      'Poslat potvrzovací e-mail znovu',
      'Pokud je adresa registrovaná, nový e-mail je na cestě.',
    ],
  ])(
    'explains EMAIL_NOT_VERIFIED in %s and sends the mail again',
    async (locale, text, button, sent) => {
      window.localStorage.setItem('locale', locale);
      const { user, callsTo } = await openForm({
        [LOGIN]: () => problemResponse(403, 'EMAIL_NOT_VERIFIED'),
        'POST /api/v1/email-confirmations/resend': () => new Response(null, { status: 202 }),
      });
      await user.type(screen.getByLabelText('E-mail'), 'new@example.cz');
      await user.type(screen.getByLabelText(locale === 'en' ? 'Password' : 'Heslo'), 'Secret123');
      await user.click(
        screen.getByRole('button', { name: locale === 'en' ? 'Sign in' : 'Přihlásit se' }),
      );

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(text);
      await user.click(within(alert).getByRole('button', { name: button }));
      expect(await within(alert).findByText(sent)).toBeInTheDocument();
      expect(callsTo('POST /api/v1/email-confirmations/resend')[0]?.json()).toEqual({
        email: 'new@example.cz',
      });
    },
  );

  it('says when resending is limited (429) instead of failing silently', async () => {
    const { user } = await openForm({
      [LOGIN]: () => problemResponse(403, 'EMAIL_NOT_VERIFIED'),
      'POST /api/v1/email-confirmations/resend': () => problemResponse(429, 'RATE_LIMITED'),
    });
    await user.type(screen.getByLabelText('E-mail'), 'new@example.cz');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    await user.click(
      within(alert).getByRole('button', { name: 'Send the confirmation e-mail again' }),
    );
    expect(
      await within(alert).findByText('Too many requests. Wait a moment and try again.'),
    ).toBeInTheDocument();
  });

  it('offers the demo account when the installation has one', async () => {
    const { user } = await openForm({
      [DETAILS]: details({
        demo: true,
        demoUser: { email: 'demo@costory.test', password: 'Demo1234' },
      }),
    });
    expect(screen.getByText('Demo: demo@costory.test / Demo1234')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fill in the demo account' }));
    expect(screen.getByLabelText('E-mail')).toHaveValue('demo@costory.test');
    expect(screen.getByLabelText('Password')).toHaveValue('Demo1234');
  });

  it('links to registration and offers a new confirmation e-mail', async () => {
    const { user, router, callsTo } = await openForm({
      'POST /api/v1/email-confirmations/resend': () => new Response(null, { status: 202 }),
    });
    await user.click(screen.getByRole('button', { name: "Didn't get the confirmation e-mail?" }));
    const resend = screen.getByRole('form', { name: 'Send the confirmation e-mail again' });
    await user.type(within(resend).getByLabelText('E-mail'), 'late@example.cz');
    await user.click(within(resend).getByRole('button', { name: 'Send a new e-mail' }));
    expect(
      await screen.findByText('If the address is registered, a new e-mail is on its way.'),
    ).toBeInTheDocument();
    expect(callsTo('POST /api/v1/email-confirmations/resend')).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'Register a company' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration'));
  });

  it('says when the sign-in has expired and starts again', async () => {
    stubFetch({ [DETAILS]: () => problemResponse(404, 'NOT_FOUND') });
    const { user, router } = renderApp(`/login?interaction=${UID}`, { signedIn: false });
    expect(
      await screen.findByRole('heading', { name: 'This sign-in page has expired' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalled());
  });
});
