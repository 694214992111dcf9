// /api-tokens: the list, creating a token (its secret shown once with a copy button, a field error from the server), revoking after confirmation, and the account menu's link to it.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiToken } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const PATH = '/api/v1/me/api-tokens';
const SECRET = `cst_AbCd1234${'x'.repeat(35)}`;

function createToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 7,
    name: 'Nightly export',
    prefix: 'cst_ZyXw9876',
    scope: 'READ',
    expiresAt: '2027-01-31T22:59:59.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

describe('/api-tokens', () => {
  it('creates a token, shows its secret once, and revokes one after confirming', async () => {
    let items = [createToken()];
    const { callsTo } = stubFetch({
      [`GET ${PATH}`]: () => jsonResponse({ items }),
      [`POST ${PATH}`]: (request) => {
        const body = request.json() as { name: string };
        if (body.name === '') {
          return problemResponse(400, 'VALIDATION_FAILED', [
            { field: 'name', rule: 'required', message: 'The token name is required' },
          ]);
        }
        const token = createToken({ id: 8, name: body.name, prefix: 'cst_AbCd1234' });
        items = [token, ...items];
        return jsonResponse({ token, secret: SECRET }, 201);
      },
      [`DELETE ${PATH}/7`]: () => {
        items = items.filter((token) => token.id !== 7);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/api-tokens');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'API tokens' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your API tokens' });
    expect(await within(table).findByText('Nightly export')).toBeInTheDocument();
    expect(within(table).getByText('cst_ZyXw9876…')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('The token name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Token name'), 'CI');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByLabelText('New token')).toHaveValue(SECRET);
    expect(screen.getByText('Copy the token now: it is shown only this once.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    const sent = callsTo(`POST ${PATH}`)[1]?.json() as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'CI', scope: 'READ' });
    expect(new Date(String(sent.expiresAt)).getTime()).toBeGreaterThan(Date.now());
    expect(await within(table).findByText('CI')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke Nightly export' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Scripts using "Nightly export" will stop working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo(`DELETE ${PATH}/7`)).toHaveLength(1));
    await waitFor(() =>
      expect(within(table).queryByText('Nightly export')).not.toBeInTheDocument(),
    );
  });

  it('is reached from the account menu', async () => {
    stubFetch({ [`GET ${PATH}`]: () => jsonResponse({ items: [] }) });
    const { user, router } = renderApp('/', { username: 'Jana' });
    await user.click(screen.getByRole('button', { name: 'Account of Jana' }));
    await user.click(screen.getByRole('menuitem', { name: 'API tokens' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/api-tokens'));
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
  });
});
