// /oauth2-redirect: the code exchange, the spec's session keys, the way back to the remembered page, and refusals.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMeta, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { createAccessToken, renderApp } from '@/test/render-app';

const STATE = 'st4te-from-login';
const VERIFIER = 'v'.repeat(43);

function waitingSignIn(originalPath?: string) {
  window.sessionStorage.setItem('costory.signIn.state', STATE);
  window.sessionStorage.setItem('costory.signIn.codeVerifier', VERIFIER);
  if (originalPath !== undefined) window.sessionStorage.setItem('originalPath', originalPath);
}

function stubTokenEndpoint() {
  const accessToken = createAccessToken({
    sub: '42',
    email: 'jana@example.cz',
    exp: 4_102_444_800,
  });
  const idToken = createAccessToken({ sub: '42', name: 'Jana Nováková' });
  const stub = stubFetch({
    'GET /api/v1/meta': () => jsonResponse(createMeta()),
    'POST /auth/token': () =>
      jsonResponse({
        access_token: accessToken,
        token_type: 'Bearer',
        refresh_token: 'refresh-1',
        id_token: idToken,
        expires_in: 600,
      }),
  });
  return { ...stub, accessToken };
}

describe('/oauth2-redirect', () => {
  it('exchanges the code, stores the session keys and returns to the remembered page', async () => {
    waitingSignIn('/story-detail/5/labels?tab=all');
    const { callsTo, accessToken } = stubTokenEndpoint();
    const { router } = renderApp(`/oauth2-redirect?code=c0de&state=${STATE}`, { signedIn: false });

    await waitFor(() => expect(router.state.location.pathname).toBe('/story-detail/5/labels'));
    expect(router.state.location.search).toBe('?tab=all');
    expect(Object.fromEntries(callsTo('POST /auth/token')[0]!.form())).toEqual({
      grant_type: 'authorization_code',
      code: 'c0de',
      redirect_uri: 'http://localhost:3000/oauth2-redirect',
      client_id: 'costory-web',
      code_verifier: VERIFIER,
    });
    expect(window.sessionStorage.getItem('accessToken')).toBe(accessToken);
    expect(window.sessionStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(window.sessionStorage.getItem('tokenType')).toBe('Bearer');
    expect(window.sessionStorage.getItem('isLogged')).toBe('true');
    expect(window.sessionStorage.getItem('username')).toBe('Jana Nováková');
    expect(window.sessionStorage.getItem('originalPath')).toBeNull();
    expect(window.sessionStorage.getItem('costory.signIn.state')).toBeNull();
    expect(window.sessionStorage.getItem('costory.signIn.codeVerifier')).toBeNull();
    // The header knows the user at once, and the company icon opens their own company.
    expect(
      await screen.findByRole('button', { name: 'Account of Jana Nováková' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Company profile' })).toHaveAttribute(
      'href',
      '/company-profile/42',
    );
  });

  it('goes home when nothing was remembered', async () => {
    waitingSignIn();
    stubTokenEndpoint();
    const { router } = renderApp(`/oauth2-redirect?code=c0de&state=${STATE}`, { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each(['https://evil.example/steal', '//evil.example/steal', '/\\evil.example'])(
    'refuses the cross-origin originalPath %s and goes home',
    async (originalPath) => {
      waitingSignIn(originalPath);
      stubTokenEndpoint();
      const { router } = renderApp(`/oauth2-redirect?code=c0de&state=${STATE}`, {
        signedIn: false,
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(window.sessionStorage.getItem('isLogged')).toBe('true');
    },
  );

  it('rejects an answer whose state is not the one sent, without exchanging the code', async () => {
    waitingSignIn('/ctl');
    const { callsTo } = stubTokenEndpoint();
    const { user, router } = renderApp('/oauth2-redirect?code=c0de&state=forged', {
      signedIn: false,
    });

    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This answer from the sign-in service does not belong to this browser tab or has already been used.',
      ),
    ).toBeInTheDocument();
    expect(callsTo('POST /auth/token')).toHaveLength(0);
    expect(window.sessionStorage.getItem('isLogged')).toBeNull();
    // The remembered page survives for the next attempt.
    expect(window.sessionStorage.getItem('originalPath')).toBe('/ctl');

    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says so in Czech when the sign-in was cancelled', async () => {
    window.localStorage.setItem('locale', 'cs');
    waitingSignIn();
    renderApp(`/oauth2-redirect?error=access_denied&state=${STATE}`, { signedIn: false });
    expect(
      await screen.findByRole('heading', { name: 'Přihlášení se nezdařilo' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Přihlášení bylo zrušeno.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Přihlásit se znovu' })).toBeInTheDocument();
  });

  it('reports a failed exchange', async () => {
    waitingSignIn();
    stubFetch({
      'GET /api/v1/meta': () => jsonResponse(createMeta()),
      'POST /auth/token': () => jsonResponse({ error: 'invalid_grant' }, 400),
    });
    renderApp(`/oauth2-redirect?code=used&state=${STATE}`, { signedIn: false });
    expect(
      await screen.findByText('The sign-in could not be completed. Please try again.'),
    ).toBeInTheDocument();
    expect(window.sessionStorage.getItem('isLogged')).toBeNull();
  });
});
