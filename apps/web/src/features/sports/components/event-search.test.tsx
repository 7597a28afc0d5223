import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi } from '../../../shared/test/render-page';
import { buildEvent, logInPlayer } from '../../../shared/test/sports-fixtures';
import { EventSearch } from './event-search';

const RESULTS = [
  buildEvent({ id: 101, title: 'India v Australia', externalId: 'ext-101' }),
  buildEvent({ id: 102, title: 'India v England', externalId: 'ext-102' }),
];

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

function search(text: string) {
  const box = screen.getByRole('combobox', { name: 'Search events' });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  return box;
}

describe('the header search box', () => {
  it('finds events with Event/Closest and opens the one chosen with the keyboard', async () => {
    const seen = serveApi({ 'Event/Closest': () => jsonResponse(okEnvelope(RESULTS)) });
    renderPage(EventSearch, { path: '/index' });
    const box = search('India');

    const list = await screen.findByRole('listbox', { name: 'Matching events' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const call = seen.find((r) => r.url.pathname === '/api/Event/Closest');
    expect(call?.url.searchParams.get('search')).toBe('India');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const second = within(list).getByRole('option', { name: /India v England/ });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    fireEvent.keyDown(box, { key: 'Enter' });

    expect((await screen.findByTestId('landed')).textContent).toBe('/markets/102/ext-102');
  });

  it('opens an event chosen with the mouse', async () => {
    serveApi({ 'Event/Closest': () => jsonResponse(okEnvelope(RESULTS)) });
    renderPage(EventSearch, { path: '/index' });
    search('India');
    fireEvent.mouseDown(await screen.findByRole('option', { name: /India v Australia/ }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/markets/101/ext-101');
  });

  it('says when nothing matches, and closes on Escape', async () => {
    serveApi({ 'Event/Closest': () => jsonResponse(okEnvelope([])) });
    renderPage(EventSearch, { path: '/index' });
    const box = search('Zimbabwe');
    expect(await screen.findByText('No events match “Zimbabwe”.')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens over the header from its phone button, and closes with its close button or Escape', async () => {
    serveApi({ 'Event/Closest': () => jsonResponse(okEnvelope(RESULTS)) });
    const { container } = renderPage(EventSearch, { path: '/index' });
    const opener = screen.getByRole('button', { name: 'Open event search' });
    const field = container.querySelector('.event-search') as HTMLElement;
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    // The phone's CSS shows the field only while the search is expanded.
    expect(field.classList.contains('event-search--expanded')).toBe(false);

    fireEvent.click(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(field.classList.contains('event-search--expanded')).toBe(true);
    const box = screen.getByRole('combobox', { name: 'Search events' });
    expect(document.activeElement).toBe(box);
    expect(document.getElementById(opener.getAttribute('aria-controls') ?? '')?.contains(box)).toBe(
      true,
    );

    // The first Escape closes the list of events, the next the search itself.
    search('India');
    await screen.findByRole('option', { name: /India v Australia/ });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(field.classList.contains('event-search--expanded')).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect((box as HTMLInputElement).value).toBe('');

    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(opener);
  });

  it('waits for two characters before searching', async () => {
    const seen = serveApi({ 'Event/Closest': () => jsonResponse(okEnvelope(RESULTS)) });
    renderPage(EventSearch, { path: '/index' });
    const box = search('I');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(seen).toEqual([]);
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});
