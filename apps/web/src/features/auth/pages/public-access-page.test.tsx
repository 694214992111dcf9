// /public-access/{code}: a valid code offers sign-in (remembering the page) or registration when signed out and joins
// when signed in; expired, revoked, unknown and used codes, and a rate-limited check, are explained; Czech too.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY, type AccessCode } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { configureQueries } from '@/test/query-config';
import { createStory, storyApi } from '@/features/stories/test/story-fixtures';

configureQueries();

const CODE = 'Zx-81_qAbCdEfGhIjKlMnOp';
const PAGE = `/public-access/${CODE}`;
const API = `/api/v1/access-codes/${CODE}`;

function accessCode(overrides: Partial<AccessCode> = {}): AccessCode {
  return { state: 'VALID', storyName: 'Office fit-out, Brno', role: 'ICT_MODELER', ...overrides };
}

describe('public access page', () => {
  it('offers a signed-out visitor sign-in, remembering this page for the return', async () => {
    const { callsTo } = stubFetch({ [`GET ${API}`]: () => jsonResponse(accessCode()) });
    const { user, router } = renderApp(PAGE, { signedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are invited to a story' }),
    ).toBeInTheDocument();
    expect(callsTo(`GET ${API}`)).toHaveLength(1);
    expect(
      screen.getByText(
        (_, element) =>
          element?.textContent === 'You are invited to join Office fit-out, Brno as Modeler.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register a company' })).toHaveAttribute(
      'href',
      '/registration',
    );
    expect(screen.queryByRole('button', { name: 'Join the story' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in to join' }));
    expect(window.sessionStorage.getItem('originalPath')).toBe(PAGE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('keeps the page as the return path when the visitor registers first', async () => {
    stubFetch({ [`GET ${API}`]: () => jsonResponse(accessCode()) });
    const { user, router } = renderApp(PAGE, { signedIn: false });
    await user.click(await screen.findByRole('link', { name: 'Register a company' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration'));
    expect(window.sessionStorage.getItem('originalPath')).toBe(PAGE);
  });

  it('lets a signed-in user join and opens the story', async () => {
    const { callsTo } = stubFetch({
      [`GET ${API}`]: () => jsonResponse(accessCode()),
      [`POST ${API}/acceptance`]: () => jsonResponse({ storyId: 9, role: 'ICT_MODELER' }),
      ...storyApi({ story: createStory({ id: 9, myRole: 'ICT_MODELER' }) }),
    });
    const { user, router } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Join the story' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/story-detail/9'));
    expect(callsTo(`POST ${API}/acceptance`)).toHaveLength(1);
    expect(await screen.findByText('You joined Office fit-out, Brno')).toBeInTheDocument();
  });

  it.each([
    [410, 'This invitation can no longer be used'],
    [404, 'This invitation can no longer be used'],
  ])('explains a %i on acceptance', async (status, title) => {
    stubFetch({
      [`GET ${API}`]: () => jsonResponse(accessCode()),
      [`POST ${API}/acceptance`]: () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Gone',
            status,
            code: status === 410 ? 'INVITE_GONE' : 'NOT_FOUND',
          }),
          { status, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Join the story' }));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('says in place when an e-mail invite is accepted with another address', async () => {
    stubFetch({
      [`GET ${API}`]: () => jsonResponse(accessCode()),
      [`POST ${API}/acceptance`]: () => problemResponse(403, 'INVITE_EMAIL_MISMATCH'),
    });
    const { user, router } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Join the story' }));
    expect(
      await screen.findByText(
        'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it.each([
    [
      'EXPIRED',
      'This invitation has expired',
      'Ask the person who shared it for a new invitation.',
    ],
    [
      'REVOKED',
      'This invitation was revoked',
      'The story’s admin has withdrawn it. Ask them for a new invitation if you still need access.',
    ],
    [
      'UNKNOWN',
      'This link is not valid',
      'Check that you opened the whole link, or ask the person who shared it for a new one.',
    ],
  ] as const)('explains a code that is %s, with a link home', async (state, title, text) => {
    stubFetch({
      [`GET ${API}`]: () => jsonResponse(accessCode({ state, storyName: null, role: null })),
    });
    renderApp(PAGE, { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Sign in to join' })).not.toBeInTheDocument();
  });

  it('says when too many codes were checked and offers to try again', async () => {
    let answers = 0;
    stubFetch({
      [`GET ${API}`]: () => {
        answers += 1;
        return answers === 1 ? problemResponse(429, 'RATE_LIMITED') : jsonResponse(accessCode());
      },
    });
    const { user } = renderApp(PAGE, { signedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The link could not be checked' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Wait a moment and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are invited to a story' }),
    ).toBeInTheDocument();
  });

  it('speaks Czech', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'cs');
    stubFetch({ [`GET ${API}`]: () => jsonResponse(accessCode({ role: 'ICT_CUSTOMER' })) });
    renderApp(PAGE, { signedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Máte pozvánku do příběhu' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, element) =>
          element?.textContent === 'Jste zváni do příběhu Office fit-out, Brno s rolí Zákazník.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Přihlásit se a připojit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zaregistrovat společnost' })).toBeInTheDocument();
  });
});
