import type { CasinoCatalogue } from '@backlay/contract/admin-casino';
import { updateCasinoCatalogueRoute } from '@backlay/contract/admin-calls';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { requestErrors } from '../../../shared/forms/request-errors';
import { useVersionedEditor } from '../../../shared/forms/use-versioned-editor';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Notice } from '../../../shared/ui/notice';
import { Section } from '../../../shared/ui/page-header';
import { SaveFooter } from '../../../shared/ui/save-feedback';
import { SwitchField } from '../../../shared/ui/switch-field';
import { casinoCatalogueQueryOptions } from '../api/casino-catalogue';
import {
  useUpdateCasinoCatalogue,
  type UpdateCasinoCatalogueInput,
} from '../api/update-casino-catalogue';
import {
  catalogueChanges,
  catalogueDraftOf,
  catalogueUpdateOf,
  hasChanges,
  moveGame,
  offerGame,
  type CatalogueChanges,
  type CatalogueDraft,
  type CatalogueGame,
} from '../model/catalogue-draft';

interface Pending {
  input: UpdateCasinoCatalogueInput;
  changes: CatalogueChanges;
  games: CatalogueGame[];
}

/** The id of a game's move button, to give it focus back after the move. */
const moveButtonId = (gameCode: string, by: -1 | 1) =>
  `catalogue-move-${by < 0 ? 'up' : 'down'}-${gameCode}`;

/** What a save changes of a brand's casino, in sentences, for the operator to confirm. */
function CatalogueChangeSummary({ brand, pending }: { brand: string; pending: Pending }) {
  const { changes, games } = pending;
  return (
    <div className="stack">
      {changes.casinoEnabled !== null ? (
        <p>
          {changes.casinoEnabled
            ? `The casino of ${brand} opens: its games launch again.`
            : `The casino of ${brand} closes: none of its games launches or takes a bet.`}
        </p>
      ) : null}
      {changes.offered.length > 0 ? (
        <p>Offered from now on: {changes.offered.join(', ')}.</p>
      ) : null}
      {changes.withdrawn.length > 0 ? (
        <p>No longer offered: {changes.withdrawn.join(', ')}.</p>
      ) : null}
      {changes.reordered ? (
        <>
          <p>The lobby shows the games in this order:</p>
          <ol className="catalogue-order">
            {games.map((game) => (
              <li key={game.gameCode}>
                {game.name}
                {game.enabled ? null : <span className="muted"> (not offered)</span>}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}

/** One game of the list: its place, picture, names, whether it is offered, and its moves. */
function CatalogueRow({
  game,
  index,
  count,
  onOffer,
  onMove,
}: {
  game: CatalogueGame;
  index: number;
  count: number;
  onOffer: (enabled: boolean) => void;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <li className="catalogue-game" data-offered={game.enabled || undefined}>
      <span className="catalogue-game__place" aria-hidden="true">
        {index + 1}
      </span>
      <img className="catalogue-game__image" src={game.image} alt="" loading="lazy" />
      <span className="catalogue-game__names">
        <span className="catalogue-game__name">{game.name}</span>
        <span className="muted">
          <span className="mono">{game.gameCode}</span> · {game.provider} · {game.category}
        </span>
      </span>
      <SwitchField
        className="catalogue-game__offer"
        label="Offered"
        aria-label={`Offered: ${game.name}`}
        checked={game.enabled}
        onChange={(event) => onOffer(event.target.checked)}
      />
      <span className="catalogue-game__moves">
        <Button
          size="small"
          id={moveButtonId(game.gameCode, -1)}
          aria-label={`Move ${game.name} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          ↑
        </Button>
        <Button
          size="small"
          id={moveButtonId(game.gameCode, 1)}
          aria-label={`Move ${game.name} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          ↓
        </Button>
      </span>
    </li>
  );
}

/**
 * A brand's casino as a form over the version it was loaded from: the brand's switch, and its
 * games in the lobby's order, each offered or not and moved up or down. A save first says what
 * it changes and waits for the operator to confirm; one made over someone else's newer version
 * is refused, and the form offers to reload theirs.
 */
export function CatalogueForm({ loaded }: { loaded: CasinoCatalogue }) {
  const queryClient = useQueryClient();
  const update = useUpdateCasinoCatalogue();
  const [pending, setPending] = useState<Pending | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  const moved = useRef<{ gameCode: string; by: -1 | 1 } | null>(null);
  const editor = useVersionedEditor({
    loaded,
    draftOf: catalogueDraftOf,
    fetchLatest: () =>
      queryClient.fetchQuery({ ...casinoCatalogueQueryOptions(loaded.brand), staleTime: 0 }),
  });
  const { base, draft, setDraft, errors } = editor;
  const offered = draft.games.filter((game) => game.enabled).length;

  // A moved game's row is put back in the list at its new place, which can take the focus
  // from its button: give it back, or to the other button when this one can move no further.
  useEffect(() => {
    const last = moved.current;
    if (!last) return;
    moved.current = null;
    const own = document.getElementById(moveButtonId(last.gameCode, last.by));
    const other = document.getElementById(moveButtonId(last.gameCode, last.by < 0 ? 1 : -1));
    (own instanceof HTMLButtonElement && own.disabled ? other : own)?.focus();
  }, [draft.games]);

  const change = (next: (old: CatalogueDraft) => CatalogueDraft) => {
    setUnchanged(false);
    setDraft(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUnchanged(false);
    const input = catalogueUpdateOf(draft, base);
    if (!editor.accept(requestErrors(updateCasinoCatalogueRoute, input) ?? {})) return;
    const changes = catalogueChanges(base, draft);
    if (!hasChanges(changes)) setUnchanged(true);
    else setPending({ input, changes, games: draft.games });
  };

  const closes =
    pending !== null &&
    (pending.changes.casinoEnabled === false || pending.changes.withdrawn.length > 0);

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Casino catalogue">
      <p className="muted">Version {base.version}</p>
      <SwitchField
        label="Casino open on this brand"
        hint="Off: none of the brand’s games launches or takes a bet; players see no casino."
        checked={draft.casinoEnabled}
        onChange={(event) => {
          const casinoEnabled = event.target.checked;
          change((old) => ({ ...old, casinoEnabled }));
        }}
      />
      <Section title="Games">
        <p className="muted" role="status">
          {offered} of {draft.games.length} games offered, in the order the lobby shows them.
        </p>
        {draft.games.length === 0 ? (
          <p className="muted">The catalogue has no game yet.</p>
        ) : (
          <ol className="catalogue" aria-label="Games in the lobby’s order">
            {draft.games.map((game, index) => (
              <CatalogueRow
                key={game.gameCode}
                game={game}
                index={index}
                count={draft.games.length}
                onOffer={(enabled) =>
                  change((old) => ({ ...old, games: offerGame(old.games, game.gameCode, enabled) }))
                }
                onMove={(by) => {
                  change((old) => ({ ...old, games: moveGame(old.games, index, by) }));
                  moved.current = { gameCode: game.gameCode, by };
                }}
              />
            ))}
          </ol>
        )}
      </Section>
      {unchanged ? (
        <Notice tone="info">
          <p>Nothing to save: the catalogue is as it was.</p>
        </Notice>
      ) : null}
      <SaveFooter
        editor={editor}
        errors={errors}
        what={`the casino of ${base.brand}`}
        submitLabel="Save catalogue"
      />
      {pending ? (
        <ConfirmDialog
          title={`Change the casino of ${base.brand}`}
          description={<CatalogueChangeSummary brand={base.brand} pending={pending} />}
          confirmLabel="Save changes"
          tone={closes ? 'danger' : 'primary'}
          askReason={false}
          onConfirm={() => editor.save(() => update.mutateAsync(pending.input))}
          onClose={() => setPending(null)}
        />
      ) : null}
    </form>
  );
}
