// /company-profile/:userId: loading, saving with the version, a newer version on the server (409) and a missing company (404).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CompanyProfile } from '@costory/shared';
import { jsonResponse, problemResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const PATH = '/api/v1/users/42/company';

function createCompanyProfile(overrides: Partial<CompanyProfile> = {}): CompanyProfile {
  return {
    id: 3,
    name: 'Stavby Novák s.r.o.',
    email: 'info@stavby-novak.cz',
    phone: '',
    country: 'Česko',
    city: 'Brno',
    street: 'Údolní',
    streetNumber: '12',
    zip: '602 00',
    ico: '',
    dic: '',
    hasLogo: false,
    version: 4,
    ...overrides,
  };
}

async function openProfile() {
  const view = renderApp('/company-profile/42');
  await screen.findByDisplayValue('Stavby Novák s.r.o.');
  return view;
}

describe('/company-profile/:userId', () => {
  it('shows the company and saves the changes with the version it was loaded at', async () => {
    const { callsTo } = stubFetch({
      [`GET ${PATH}`]: () => jsonResponse(createCompanyProfile()),
      [`PUT ${PATH}`]: (request) =>
        jsonResponse({ ...createCompanyProfile(), ...(request.json() as object), version: 5 }),
    });
    const { user } = await openProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Company profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveValue('Brno');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Praha');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Company profile saved')).toBeInTheDocument();
    expect(callsTo(`PUT ${PATH}`)[0]?.json()).toEqual({
      name: 'Stavby Novák s.r.o.',
      email: 'info@stavby-novak.cz',
      phone: '',
      country: 'Česko',
      city: 'Praha',
      street: 'Údolní',
      streetNumber: '12',
      zip: '602 00',
      ico: '',
      dic: '',
      version: 4,
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled(),
    );
  });

  it('validates on blur and sends nothing invalid', async () => {
    const { callsTo } = stubFetch({ [`GET ${PATH}`]: () => jsonResponse(createCompanyProfile()) });
    const { user } = await openProfile();
    await user.clear(screen.getByLabelText('Company name'));
    await user.tab();
    expect(await screen.findByText('The company name is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(callsTo(`PUT ${PATH}`)).toHaveLength(0);
  });

  it('keeps the input after 409 and loads the latest version on request', async () => {
    let latest = createCompanyProfile();
    const { callsTo } = stubFetch({
      [`GET ${PATH}`]: () => jsonResponse(latest),
      [`PUT ${PATH}`]: (request) => {
        const { version } = request.json() as { version: number };
        return version === latest.version
          ? jsonResponse({ ...latest, ...(request.json() as object), version: version + 1 })
          : problemResponse(409, 'CONFLICT');
      },
    });
    const { user } = await openProfile();
    // Someone else saves in the meantime.
    latest = createCompanyProfile({ street: 'Masarykova', version: 5 });

    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Praha');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const conflict = await screen.findByText('Someone else changed this profile');
    expect(await screen.findByText('Failed to update company')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveValue('Praha');

    const alert = conflict.closest('[role="alert"]') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(screen.getByLabelText('Street')).toHaveValue('Masarykova'));
    expect(screen.getByLabelText('City')).toHaveValue('Brno');
    expect(screen.queryByText('Someone else changed this profile')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Praha');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Company profile saved')).toBeInTheDocument();
    expect(
      callsTo(`PUT ${PATH}`).map((call) => (call.json() as { version: number }).version),
    ).toEqual([4, 5]);
  });

  it('shows a friendly view for a company it cannot find', async () => {
    stubFetch({ [`GET ${PATH}`]: () => problemResponse(404, 'NOT_FOUND') });
    renderApp('/company-profile/42');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Company not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('speaks Czech', async () => {
    window.localStorage.setItem('locale', 'cs');
    stubFetch({ [`GET ${PATH}`]: () => jsonResponse(createCompanyProfile()) });
    renderApp('/company-profile/42');
    expect(await screen.findByLabelText('Název společnosti')).toHaveValue('Stavby Novák s.r.o.');
    expect(screen.getByRole('heading', { level: 1, name: 'Profil společnosti' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Uložit změny' })).toBeInTheDocument();
  });
});

describe('company logo', () => {
  it('shows the server’s refusal of a file that is not an image, then uploads a PNG and shows it', async () => {
    // jsdom has no object URLs; the logo is shown through one.
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
    let uploads = 0;
    const { callsTo } = stubFetch({
      [`GET ${PATH}`]: () => jsonResponse(createCompanyProfile()),
      [`PUT ${PATH}/logo`]: () =>
        (uploads += 1) === 1
          ? problemResponse(400, 'VALIDATION_FAILED', [
              { field: 'data', rule: 'mimes', message: 'The logo must be a PNG or JPEG image' },
            ])
          : jsonResponse(createCompanyProfile({ hasLogo: true })),
      [`GET ${PATH}/logo`]: () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
          headers: { 'Content-Type': 'image/png' },
        }),
    });
    const { user } = await openProfile();
    expect(screen.getByText('No logo uploaded')).toBeInTheDocument();
    const input = screen.getByLabelText('Upload logo');
    await user.upload(input, new File(['not a picture'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('The logo must be a PNG or JPEG image')).toBeInTheDocument();
    expect(callsTo(`PUT ${PATH}/logo`)[0]?.json()).toEqual({
      data: btoa('not a picture'),
    });
    await user.upload(
      input,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Logo uploaded')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Company logo' })).toHaveAttribute(
      'src',
      'blob:logo',
    );
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeInTheDocument();
  });
});
