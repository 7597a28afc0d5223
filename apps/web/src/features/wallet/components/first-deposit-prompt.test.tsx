import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { buildRequest } from '../test/wallet-fixtures';
import FirstDepositPrompt, { FIRST_DEPOSIT_DISMISSED_KEY } from './first-deposit-prompt';

type Request = ReturnType<typeof buildRequest>;

function serveDeposits(items: Request[] = []): SeenRequest[] {
  return serveApi({
    'DepositWithdrawal/PlayerRequests': () =>
      jsonResponse(okEnvelope({ totalCount: items.length, items })),
  });
}

const asked = (seen: SeenRequest[]) =>
  seen.filter((r) => r.url.pathname === '/api/DepositWithdrawal/PlayerRequests');

const render = (url = '/') => renderPage(FirstDepositPrompt, { path: '*', url });

beforeEach(() => localStorage.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => chooseLanguage('en'));
});

describe('the first-deposit welcome', () => {
  it('greets a new real-money player at ₹0 and leads to the deposit tab', async () => {
    const seen = serveDeposits();
    logInPlayer({ isDemo: false, balance: 0, exposure: 0 });
    render();
    const prompt = await screen.findByRole('region', { name: 'Your account is ready' });
    expect(prompt.textContent).toContain('Add money to place your first bet.');
    expect(prompt.textContent).not.toMatch(/bonus/i);
    expect(screen.getByRole('link', { name: 'Deposit now' }).getAttribute('href')).toBe(
      '/depositw/deposit',
    );
    expect(asked(seen)[0]?.json).toMatchObject({ kind: 'DEPOSIT' });
  });

  it('is put away for good on this device with Not now', async () => {
    serveDeposits();
    logInPlayer({ isDemo: false, balance: 0, exposure: 0 });
    render();
    await screen.findByRole('region', { name: 'Your account is ready' });
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Your account is ready' })).toBeNull();
    expect(localStorage.getItem(FIRST_DEPOSIT_DISMISSED_KEY)).toBe('alice');
  });

  it('says nothing to a demo player, a player with money or a deposit on its way', async () => {
    const seen = serveDeposits();
    logInPlayer({ isDemo: true, balance: 0, exposure: 0 });
    const demo = render();
    logInPlayer({ isDemo: false, balance: 250, exposure: 0 });
    const funded = render();
    await waitFor(() => expect(asked(seen)).toHaveLength(0));
    expect(screen.queryByRole('region', { name: 'Your account is ready' })).toBeNull();
    demo.unmount();
    funded.unmount();

    serveDeposits([buildRequest({ kind: 'DEPOSIT', status: 'PENDING' })]);
    logInPlayer({ isDemo: false, balance: 0, exposure: 0 });
    render();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('region', { name: 'Your account is ready' })).toBeNull();
  });

  it('stays off the deposit page itself', async () => {
    serveDeposits();
    logInPlayer({ isDemo: false, balance: 0, exposure: 0 });
    render('/depositw/deposit');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('region', { name: 'Your account is ready' })).toBeNull();
  });

  it('reads in Hindi', async () => {
    serveDeposits();
    logInPlayer({ isDemo: false, balance: 0, exposure: 0 });
    await act(() => chooseLanguage('hi'));
    render();
    expect(await screen.findByRole('region', { name: 'आपका अकाउंट तैयार है' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'अभी डिपॉज़िट करें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'अभी नहीं' })).toBeTruthy();
  });
});
