// /email-confirm: confirming by the link's code, the spec's failure and missing-code texts, the one-time code and a new e-mail.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const CONFIRM = 'POST /api/v1/email-confirmations';
const RESEND = 'POST /api/v1/email-confirmations/resend';

describe('/email-confirm', () => {
  it('confirms the code from the link once and offers to sign in', async () => {
    const { callsTo } = stubFetch({ [CONFIRM]: () => jsonResponse({ email: 'jana@example.cz' }) });
    const { user, router } = renderApp('/email-confirm?code=Zx81-q_code', { signedIn: false });

    expect(
      await screen.findByRole('heading', { name: 'Confirming your e-mail address…' }),
    ).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('jana@example.cz')).toBeInTheDocument();
    expect(callsTo(CONFIRM).map((call) => call.json())).toEqual([{ code: 'Zx81-q_code' }]);

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the spec text when the code is refused, and sends a new e-mail', async () => {
    const { callsTo } = stubFetch({
      [CONFIRM]: () => problemResponse(400, 'CONFIRMATION_FAILED'),
      [RESEND]: () => new Response(null, { status: 202 }),
    });
    const { user } = renderApp('/email-confirm?code=used', { signedIn: false });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Error - Email verification failed' }),
    ).toBeInTheDocument();
    const resend = screen.getByRole('form', { name: 'Send the confirmation e-mail again' });
    await user.type(within(resend).getByLabelText('E-mail'), 'jana@example.cz');
    await user.click(within(resend).getByRole('button', { name: 'Send a new e-mail' }));
    expect(
      await screen.findByText('If the address is registered, a new e-mail is on its way.'),
    ).toBeInTheDocument();
    expect(callsTo(RESEND)[0]?.json()).toEqual({ email: 'jana@example.cz' });
  });

  it('says the code is missing and confirms by e-mail and one-time code instead', async () => {
    const { callsTo } = stubFetch({ [CONFIRM]: () => jsonResponse({ email: 'jana@example.cz' }) });
    const { user } = renderApp('/email-confirm', { signedIn: false });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Error - Code parameter is missing' }),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Enter the code from the e-mail' });
    await user.type(within(form).getByLabelText('E-mail'), 'jana@example.cz');
    await user.type(within(form).getByLabelText('One-time code'), 'ab7k2q');
    expect(within(form).getByLabelText('One-time code')).toHaveValue('AB7K2Q');
    await user.click(within(form).getByRole('button', { name: 'Confirm e-mail' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail is confirmed' }),
    ).toBeInTheDocument();
    expect(callsTo(CONFIRM)[0]?.json()).toEqual({
      email: 'jana@example.cz',
      oneTimeCode: 'AB7K2Q',
    });
  });

  it('checks the one-time code length before sending', async () => {
    const { callsTo } = stubFetch({});
    const { user } = renderApp('/email-confirm', { signedIn: false });
    const form = await screen.findByRole('form', { name: 'Enter the code from the e-mail' });
    await user.type(within(form).getByLabelText('One-time code'), 'AB7');
    await user.tab();
    expect(
      await within(form).findByText('The one-time code must be exactly 6 characters long'),
    ).toBeInTheDocument();
    expect(callsTo(CONFIRM)).toHaveLength(0);
  });

  it('reports a wrong one-time code with the spec text', async () => {
    stubFetch({ [CONFIRM]: () => problemResponse(400, 'CONFIRMATION_FAILED') });
    const { user } = renderApp('/email-confirm', { signedIn: false });
    const form = await screen.findByRole('form', { name: 'Enter the code from the e-mail' });
    await user.type(within(form).getByLabelText('E-mail'), 'jana@example.cz');
    await user.type(within(form).getByLabelText('One-time code'), 'ZZZZZZ');
    await user.click(within(form).getByRole('button', { name: 'Confirm e-mail' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Error - Email verification failed',
    );
  });

  it('speaks Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch({ [CONFIRM]: () => problemResponse(400, 'CONFIRMATION_FAILED') });
    renderApp('/email-confirm?code=used', { signedIn: false });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Chyba – ověření e-mailu se nezdařilo',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Poslat nový e-mail' })).toBeInTheDocument();
  });
});
