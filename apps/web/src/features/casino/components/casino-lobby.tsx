import type { CasinoGame } from '@backlay/contract/casino';
import { useId, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/request-error';
import { count, i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { searchIcon } from '../../../shared/icons/set/search-icon';
import { paths } from '../../../shared/paths';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { useCasinoGames } from '../api/casino-games';
import { useCasinoGrid } from '../api/casino-grid';
import { useGameLists } from '../hooks/use-game-lists';
import {
  categoriesOf,
  gamesOfSection,
  parseSection,
  providersOf,
  searchGames,
  sectionName,
  type LobbySection,
} from '../model/lobby-sections';
import type { LobbyState } from '../model/lobby-state';
import { GameList } from './game-list';
import { useSectionNames } from './lobby-names';
import { SectionNav } from './section-nav';
import './casino-lobby.css';

const messages = i18n('casino/casino-lobby', {
  lead: 'Crash games, cards, tables and slots. Tap a game to play.',
  search: 'Search games',
  searchPlaceholder: 'Search by game or provider',
  clear: 'Clear',
  loading: 'Loading the games…',
  failed: params('The games could not be loaded: {error}'),
  retry: 'Try again',
  noGames: 'No casino games are offered on this site right now.',
  results: params('Results for “{query}”'),
  noResults: params('No games match “{query}”.'),
  gameCount: count({ one: '{count} game', other: '{count} games' }),
  seeAll: 'See all',
  seeAllOf: params('See all: {section}'),
  noSection: 'This casino has no such section.',
  backToAll: 'All games',
  noFavourites: 'No favourites yet. Tap the star on a game to keep it here.',
  noRecent: 'Games you open appear here.',
  sectionEmpty: 'No games in this section right now.',
  dreamLobby: 'Open the Dream lobby',
});

/** The search's query parameter, so a search survives going into a game and back. */
const SEARCH_PARAM = 'q';

function Row({
  title,
  href,
  children,
}: {
  title: string;
  /** The section's own page; none for a row that is a section's whole. */
  href?: string;
  children: ReactNode;
}) {
  const t = useMessages(messages);
  const headingId = useId();
  return (
    <section className="lobby-row" aria-labelledby={headingId}>
      <header className="lobby-row__header">
        <h2 className="lobby-row__title" id={headingId}>
          {title}
        </h2>
        {href ? (
          <Link className="lobby-row__more" to={href} aria-label={t.seeAllOf({ section: title })}>
            {t.seeAll}
          </Link>
        ) : null}
      </header>
      {children}
    </section>
  );
}

/**
 * The casino lobby (`/casino`) or one of its sections (`/lobby-page/:section`): search, the
 * sections as chips, then the games. The whole lobby shows the player's recently played and
 * favourite games first, then the brand's rows by category; a section shows its games in a
 * grid. A tap on a game goes to `/lobby`, which launches it at its provider.
 */
export function CasinoLobby({ section: requested }: { section: string | null }) {
  const t = useMessages(messages);
  const names = useSectionNames();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get(SEARCH_PARAM) ?? '';
  const searchId = useId();
  const games = useCasinoGames();
  // The rows only matter on the whole lobby; a section's page lists its own games.
  const grid = useCasinoGrid(requested === null);
  const { favourites, recent, toggleFavourite } = useGameLists();

  const all = games.data ?? [];
  const section: LobbySection | null = requested === null ? null : parseSection(requested, all);

  const play = (game: CasinoGame) => {
    const state: LobbyState = {
      open: {
        kind: 'game',
        game: {
          gameCode: game.gameCode,
          gameId: game.gameId,
          provider: game.provider,
          name: game.name,
        },
      },
      launched: false,
      from: `${location.pathname}${location.search}`,
    };
    void navigate(paths.lobby.path, { state });
  };
  const openDreamLobby = () => {
    const state: LobbyState = {
      open: { kind: 'dream-lobby' },
      launched: false,
      from: `${location.pathname}${location.search}`,
    };
    void navigate(paths.lobby.path, { state });
  };
  const setQuery = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(SEARCH_PARAM, value);
        else next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );

  const list = (list: readonly CasinoGame[], layout: 'row' | 'grid', label: string) => (
    <GameList
      games={list}
      layout={layout}
      label={label}
      favourites={favourites}
      onPlay={play}
      onFavourite={toggleFavourite}
    />
  );

  const heading = section ? names(section) : undefined;
  const sectionGames = section ? gamesOfSection(section, all, { favourites, recent }) : all;

  let body: ReactNode;
  if (games.isPending) {
    body = <StateMessage kind="loading">{t.loading}</StateMessage>;
  } else if (games.isError && !games.data) {
    body = (
      <StateMessage
        kind="error"
        action={
          <Button variant="outline" size="sm" onClick={() => void games.refetch()}>
            {t.retry}
          </Button>
        }
      >
        {t.failed({ error: errorMessage(games.error) })}
      </StateMessage>
    );
  } else if (all.length === 0) {
    body = <StateMessage kind="empty">{t.noGames}</StateMessage>;
  } else if (requested !== null && !section) {
    body = (
      <StateMessage
        kind="empty"
        action={
          <ButtonLink to={paths.casino.path} variant="outline" size="sm">
            {t.backToAll}
          </ButtonLink>
        }
      >
        {t.noSection}
      </StateMessage>
    );
  } else if (query.trim()) {
    const found = searchGames(sectionGames, query);
    body = (
      <Row title={t.results({ query: query.trim() })}>
        {found.length > 0 ? (
          list(found, 'grid', t.results({ query: query.trim() }))
        ) : (
          <StateMessage kind="empty">{t.noResults({ query: query.trim() })}</StateMessage>
        )}
      </Row>
    );
  } else if (section) {
    const empty =
      section.kind === 'favourites'
        ? t.noFavourites
        : section.kind === 'recent'
          ? t.noRecent
          : t.sectionEmpty;
    body = (
      <>
        {section.kind === 'provider' && section.code === 'dream' ? (
          <div className="casino-lobby__provider-lobby">
            <Button variant="outline" size="sm" onClick={openDreamLobby}>
              {t.dreamLobby}
            </Button>
          </div>
        ) : null}
        {sectionGames.length > 0 ? (
          list(sectionGames, 'grid', names(section))
        ) : (
          <StateMessage kind="empty">{empty}</StateMessage>
        )}
      </>
    );
  } else {
    const own = (kind: 'recent' | 'favourites') => {
      const owned = gamesOfSection({ kind }, all, { favourites, recent });
      return owned.length > 0 ? (
        <Row title={names({ kind })} href={paths.lobbyPage.getHref(kind)}>
          {list(owned, 'row', names({ kind }))}
        </Row>
      ) : null;
    };
    // The brand's rows as the server orders them; until they come, one row per category.
    const rows =
      grid.data?.filter((row) => row.games.length > 0) ??
      categoriesOf(all).map((code) => ({
        title: code,
        games: gamesOfSection({ kind: 'category', code }, all, { favourites, recent }),
      }));
    body = (
      <>
        {own('recent')}
        {own('favourites')}
        {rows.map((row) => {
          const code = row.games[0]?.category.toLowerCase() ?? row.title;
          const rowSection: LobbySection = { kind: 'category', code };
          return (
            <Row
              key={code}
              title={names(rowSection)}
              href={paths.lobbyPage.getHref(sectionName(rowSection))}
            >
              {list(row.games, 'row', names(rowSection))}
            </Row>
          );
        })}
      </>
    );
  }

  return (
    <Page
      className="casino-lobby"
      heading={heading}
      lead={section ? t.gameCount(sectionGames.length) : t.lead}
    >
      <div className="casino-lobby__tools">
        <div className="casino-search" role="search">
          <label className="casino-search__label" htmlFor={searchId}>
            {t.search}
          </label>
          <Icon icon={searchIcon} className="casino-search__icon" />
          <input
            id={searchId}
            className="casino-search__input"
            type="search"
            value={query}
            placeholder={t.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(e) => setQuery(e.target.value)}
          />
          {query ? (
            <button type="button" className="casino-search__clear" onClick={() => setQuery('')}>
              {t.clear}
            </button>
          ) : null}
        </div>
        {all.length > 0 ? (
          <SectionNav categories={categoriesOf(all)} providers={providersOf(all)} />
        ) : null}
      </div>
      {body}
    </Page>
  );
}
