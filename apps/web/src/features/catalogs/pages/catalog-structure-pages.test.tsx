// Roles, labels, members and the catalog frame: readers see no write actions while admins do, prices read in the
// locale, deleting an applied label says how many elements carry it (Czech plural forms too), pending invitations
// are resent, cancelled and described (as members are), and an unknown catalog is a friendly not-found view.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  API,
  catalogApi,
  createCatalog,
  createLabel,
  createMember,
  createRole,
} from '../test/catalog-fixtures';
import { configureQueries } from '@/test/query-config';

configureQueries();

const ROLES_PAGE = '/ctl/catalog-detail/1/role-list';
const LABELS_PAGE = '/ctl/catalog-detail/1/labels';

describe('catalog roles', () => {
  it('shows a reader the roles without any write action', async () => {
    stubFetch(catalogApi({ catalog: createCatalog({ myRole: 'CTL_READER' }) }));
    renderApp(ROLES_PAGE);
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(await within(table).findByText('Developer')).toBeInTheDocument();
    expect(within(table).getByText('Man-days')).toBeInTheDocument();
    expect(within(table).getByText('€1,200.50 / MD')).toBeInTheDocument();
    expect(screen.getByText('Your role: Reader')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Developer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Developer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit catalog' })).not.toBeInTheDocument();
  });

  it('lets an admin add a role with a decimal comma and shows the price in Czech format', async () => {
    window.localStorage.setItem('locale', 'cs');
    const { callsTo } = stubFetch({
      ...catalogApi({ catalog: createCatalog({ currency: 'CZK' }), roles: [createRole()] }),
      [`POST ${API}/catalogs/1/roles`]: (request) =>
        new Response(JSON.stringify({ ...createRole({ id: 31 }), ...(request.json() as object) }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const { user } = renderApp(ROLES_PAGE);
    const table = await screen.findByRole('table', { name: 'Role' });
    expect(await within(table).findByText('1 200,50 Kč / MD')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upravit Developer' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nová role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nová role' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Název (angličtina)' }), 'Tester');
    await user.type(within(dialog).getByRole('textbox', { name: 'Kód' }), 'QA');
    const price = within(dialog).getByRole('textbox', { name: 'Cena za jednotku' });
    await user.type(price, '0');
    await user.tab();
    expect(
      await within(dialog).findByText('Pole cena musí být větší než nula'),
    ).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '850,5');
    await user.click(within(dialog).getByRole('button', { name: 'Vytvořit roli' }));
    await waitFor(() => expect(callsTo(`POST ${API}/catalogs/1/roles`)).toHaveLength(1));
    expect(callsTo(`POST ${API}/catalogs/1/roles`)[0]?.json()).toEqual({
      name: { en: 'Tester' },
      code: 'QA',
      description: {},
      unit: 'MANDAYS',
      price: '850.5',
    });
  });
});

describe('catalog labels', () => {
  it('asks before deleting a label applied to 3 elements, then deletes it', async () => {
    const label = createLabel({ usageCount: 3 });
    const { callsTo } = stubFetch({
      ...catalogApi({ labels: [label] }),
      [`DELETE ${API}/catalogs/1/labels/40`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp(LABELS_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Delete Optional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete label' });
    expect(dialog).toHaveTextContent(
      'The label "Optional" is applied to 3 elements. Do you really want to delete it?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Optional deleted successfully')).toBeInTheDocument();
    expect(callsTo(`DELETE ${API}/catalogs/1/labels/40`)).toHaveLength(1);
  });

  it.each([
    [1, 'je použit na 1 prvek'],
    [3, 'je použit na 3 prvky'],
    [5, 'je použit na 5 prvků'],
  ])('words %i applied elements with the Czech plural form', async (count, text) => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(catalogApi({ labels: [createLabel({ usageCount: count })] }));
    const { user } = renderApp(LABELS_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Smazat Optional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Smazat štítek' });
    expect(dialog).toHaveTextContent(text);
  });

  it('shows a reader the labels without write actions', async () => {
    stubFetch(catalogApi({ catalog: createCatalog({ myRole: 'CTL_READER' }) }));
    renderApp(LABELS_PAGE);
    expect(await screen.findByText('Optional')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New label' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Optional' })).not.toBeInTheDocument();
  });
});

describe('catalog members', () => {
  const invited = createMember({
    id: 61,
    email: 'eva@example.test',
    name: '',
    companyName: '',
    role: 'CTL_READER',
    pending: true,
  });

  it('lets an admin resend and cancel a pending invitation', async () => {
    const { callsTo } = stubFetch({
      ...catalogApi({ members: [createMember(), invited] }),
      [`POST ${API}/catalogs/1/members/61/resend`]: () => jsonResponse(invited),
      [`DELETE ${API}/catalogs/1/members/61`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/ctl/catalog-detail/1/member-list');
    await user.click(
      await screen.findByRole('button', { name: 'Send the invitation to eva@example.test again' }),
    );
    expect(
      await screen.findByText('Invitation sent again to eva@example.test'),
    ).toBeInTheDocument();
    expect(callsTo(`POST ${API}/catalogs/1/members/61/resend`)).toHaveLength(1);
    // Accepted members are not resent.
    expect(
      screen.queryByRole('button', { name: 'Send the invitation to Jana Nováková again' }),
    ).not.toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Cancel the invitation of eva@example.test' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(callsTo(`DELETE ${API}/catalogs/1/members/61`)).toHaveLength(1));
  });

  it('lets an admin describe a pending invitee, sending the role with it, and shows the description', async () => {
    let members = [createMember({ description: 'Keeps the prices' }), invited];
    const { callsTo } = stubFetch({
      ...catalogApi(),
      [`GET ${API}/catalogs/1/members`]: () => jsonResponse(members),
      [`PUT ${API}/catalogs/1/members/61`]: (call) => {
        const described = { ...invited, ...(call.json() as object) };
        members = [members[0] ?? createMember(), described];
        return jsonResponse(described);
      },
    });
    const { user } = renderApp('/ctl/catalog-detail/1/member-list');
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByRole('columnheader', { name: 'Description' })).toBeInTheDocument();
    expect(await within(table).findByText('Keeps the prices')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Describe what eva@example.test does' }));
    const dialog = await screen.findByRole('dialog', { name: 'Member description' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Bridge prices');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The description of eva@example.test was saved'),
    ).toBeInTheDocument();
    expect(callsTo(`PUT ${API}/catalogs/1/members/61`)[0]?.json()).toEqual({
      role: 'CTL_READER',
      description: 'Bridge prices',
    });
    expect(await within(table).findByText('Bridge prices')).toBeInTheDocument();
  });

  it('shows a reader the descriptions in Czech without the edit action', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch(
      catalogApi({
        catalog: createCatalog({ myRole: 'CTL_READER' }),
        members: [createMember({ description: 'Hlídá ceny' })],
      }),
    );
    renderApp('/ctl/catalog-detail/1/member-list');
    const table = await screen.findByRole('table', { name: 'Členové' });
    expect(within(table).getByRole('columnheader', { name: 'Popis' })).toBeInTheDocument();
    expect(await within(table).findByText('Hlídá ceny')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Popsat, co dělá Jana Nováková' }),
    ).not.toBeInTheDocument();
  });
});

describe('catalog frame', () => {
  it('shows a friendly view for a catalog the user cannot see', async () => {
    stubFetch({ [`GET ${API}/catalogs/9`]: () => problemResponse(404, 'NOT_FOUND') });
    renderApp('/ctl/catalog-detail/9');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Catalog not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to catalogs' })).toHaveAttribute('href', '/ctl');
  });

  it('offers the clients tab only for a paid public catalog administered by the user', async () => {
    stubFetch({
      ...catalogApi({ catalog: createCatalog({ visibility: 'PUBLIC_PAID' }) }),
      [`GET ${API}/catalogs/1/clients`]: () =>
        new Response(JSON.stringify([]), { headers: { 'Content-Type': 'application/json' } }),
    });
    renderApp('/ctl/catalog-detail/1/member-list');
    const tabs = await screen.findByRole('tablist', { name: 'Catalog sections' });
    expect(within(tabs).getByRole('tab', { name: 'Clients' })).toHaveAttribute(
      'href',
      '/ctl/catalog-detail/1/member-list#clients',
    );
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeInTheDocument();
  });
});
