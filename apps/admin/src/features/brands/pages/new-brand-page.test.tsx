import type { Brand } from '@backlay/contract/admin-brands';
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildBrand, failure, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer, type SeenCall } from '../../../shared/test/serve-admin';
import BrandPage from './brand-page';
import NewBrandPage from './new-brand-page';

/** What the server answers a valid creation: the brand sent, at its first version. */
function created(call: SeenCall): Brand {
  return {
    ...(call.body as Omit<Brand, 'version' | 'updatedAt' | 'updatedBy'>),
    version: 1,
    updatedAt: '2026-05-02T09:00:00.000Z',
    updatedBy: 'asha.owner',
  };
}

function serveCreate(create: Answer = (call) => jsonResponse(okEnvelope(created(call)))) {
  let brand: Brand | null = null;
  return serveAdmin({
    'brands/create': async (call) => {
      const answer = await create(call);
      if (answer.ok) brand = created(call);
      return answer;
    },
    'brands/detail': () => jsonResponse(okEnvelope(brand ?? buildBrand())),
  });
}

/** The new-brand page and the brand's page, as the console routes them. */
function BrandsRoutes() {
  return (
    <Routes>
      <Route path="new" element={<NewBrandPage />} />
      <Route path=":domain" element={<BrandPage />} />
    </Routes>
  );
}

async function fillAndCreate(domain: string, title: string) {
  fireEvent.change(screen.getByLabelText('Domain'), { target: { value: domain } });
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: title } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create brand' }));
  });
}

describe('creating a brand', () => {
  it('creates it from the form and opens its page', async () => {
    const seen = serveCreate();
    renderPage(NewBrandPage, { path: '/brands/new' });
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'purple' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Kabaddi' }));
    fireEvent.change(screen.getByLabelText('Aliases'), { target: { value: 'www.NewBook.in' } });
    await fillAndCreate('NewBook.in', 'New Book');

    expect((await screen.findByTestId('landed')).textContent).toBe('/brands/newbook.in');
    const body = seen.find((call) => call.path === 'brands/create')?.body as Brand;
    expect(body.domain).toBe('newbook.in');
    expect(body.entry).toEqual({
      theme: 'purple',
      aliases: ['www.newbook.in'],
      casinoOnly: false,
      indexLanding: false,
    });
    expect(body.settings.setting).toMatchObject({
      domain: 'newbook.in',
      domainTitle: 'New Book',
      kabaddi: true,
      horseRacing: false,
      mainLogo: '/cdn/assets/_default/logo.svg',
    });
    expect(body.betting).toEqual({});
  });

  it('tells the operator where the new brand can be seen', async () => {
    serveCreate();
    renderPage(BrandsRoutes, { path: '/brands/*', url: '/brands/new' });
    await fillAndCreate('newbook.in', 'New Book');

    const notice = await screen.findByText(/The brand is live at/);
    expect(screen.getByRole('link', { name: 'https://newbook.in' })).toBeTruthy();
    const port = window.location.port ? `:${window.location.port}` : '';
    expect(screen.getByRole('link', { name: `http://newbook.in.localhost${port}` })).toBeTruthy();
    expect(notice.closest('[role="status"]')?.textContent).toContain('newbook.in created');
    expect(screen.getByRole('heading', { name: 'New Book' })).toBeTruthy();
  });

  it('says what is wrong with the domain and calls nothing', async () => {
    const seen = serveCreate();
    renderPage(NewBrandPage, { path: '/brands/new' });
    await fillAndCreate('https://newbook.in/', 'New Book');
    const domain = screen.getByLabelText('Domain');
    expect(domain.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(domain.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toMatch(/A host name such as example.com/);
    expect(seen).toEqual([]);
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('stays on the form with the server’s refusal', async () => {
    serveCreate(() => failure('CONFLICT', 'newbook.in is already a brand.', 409));
    renderPage(NewBrandPage, { path: '/brands/new' });
    await fillAndCreate('newbook.in', 'New Book');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'newbook.in is already a brand.',
    );
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
