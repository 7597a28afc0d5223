/**
 * A card game's verify page: a round's revealed seed and number in, the round out (its seed's
 * SHA-256 checked against the hash published before betting, the cards dealt in order, the
 * winner, the whole shuffled deck), computed here in the browser with the studio's own shuffle;
 * the method stated step by step; and the recent rounds to check one by one.
 */
import { useId, useState, type FormEvent } from 'react';
import type { CardGameCode, CardWinner } from '@backlay/contract/card-games';
import { PlayingCard, SUIT_SYMBOLS } from '../card-art';
import { rankOf, suitOf } from '../contract-values';
import { loadRecentRounds, useRecentRounds, type LoadRounds } from '../../shared/verify-rounds';
import { readRoundsAnswer } from '../protocol';
import { verifyCardRound, type VerifyInput } from './verify-round';
import { tv } from './verify-words';

export { loadRecentRounds, type LoadRounds } from '../../shared/verify-rounds';

/** A card as it prints: `10♥`. */
const short = (card: string) => `${rankOf(card)}${SUIT_SYMBOLS[suitOf(card)]}`;

const winnerSentence = (winner: CardWinner) =>
  winner === 'TIE' ? tv('tie') : tv('wins', { side: tv(`kind.${winner}`) });

type Fields = Omit<VerifyInput, 'gameCode'>;

export function VerifyPage({
  gameCode,
  initial,
  loadRounds = loadRecentRounds,
}: {
  gameCode: CardGameCode;
  initial: Fields;
  loadRounds?: LoadRounds;
}) {
  const [input, setInput] = useState(initial);
  const [checked, setChecked] = useState(initial);
  const ids = useId();

  const rounds = useRecentRounds(loadRounds, readRoundsAnswer);

  const outcome = checked.seed ? verifyCardRound({ gameCode, ...checked }) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(input);
  };
  const wrong = outcome && !outcome.ok ? outcome.field : null;
  const field = (name: keyof Fields, label: string, inputMode?: 'numeric') => (
    <label className="verify-field">
      <span>{label}</span>
      <input
        value={input[name]}
        spellCheck={false}
        autoComplete="off"
        inputMode={inputMode}
        aria-invalid={wrong === name}
        onChange={(event) => setInput((now) => ({ ...now, [name]: event.target.value }))}
      />
    </label>
  );

  return (
    <main className="table-game verify">
      <header className="game-header">
        <h1 className="brand">{tv('verifyTitle')}</h1>
        <span className="balance">{tv(`name.${gameCode}`)}</span>
      </header>
      <p className="verify-lead">{tv('verifyLead')}</p>
      <form className="outcome" onSubmit={submit} aria-label={tv('verifyTitle')}>
        {field('seed', tv('seed'))}
        {field('roundNumber', tv('roundNumber'), 'numeric')}
        {field('seedHash', tv('seedHash'))}
        <button type="submit" className="action">
          {tv('compute')}
        </button>
      </form>
      {wrong && (
        <p className="notice" role="alert">
          {tv(
            wrong === 'seed'
              ? 'seedInvalid'
              : wrong === 'seedHash'
                ? 'hashInvalid'
                : 'roundInvalid',
          )}
        </p>
      )}
      {outcome?.ok && (
        <section className="outcome" aria-live="polite">
          <p className="phase-title" data-testid="verified-winner">
            {winnerSentence(outcome.round.winner)}
          </p>
          {outcome.round.hands && (
            <p className="outcome-seed">
              {tv('kind.A')}: {tv(`hand.${outcome.round.hands.A}`)} · {tv('kind.B')}:{' '}
              {tv(`hand.${outcome.round.hands.B}`)}
            </p>
          )}
          {outcome.hashMatches !== null && (
            <p data-kind={outcome.hashMatches ? 'won' : 'lost'} data-testid="verified-hash">
              {tv(outcome.hashMatches ? 'hashOk' : 'hashBad')}
            </p>
          )}
          <p className="outcome-seed">
            {tv('computedHash')}: <code>{outcome.computedHash}</code>
          </p>
          <h2 className="hand-name">{tv('dealtCards')}</h2>
          <ol className="verify-cards" data-testid="verified-cards">
            {outcome.round.cards.map((dealt) => (
              <li key={dealt.position}>
                <PlayingCard card={dealt.card} label={short(dealt.card)} />
                <span>{tv(`kind.${dealt.side}`)}</span>
              </li>
            ))}
          </ol>
          <h2 className="hand-name">{tv('deck')}</h2>
          <p className="outcome-seed verify-deck">{outcome.deck.map(short).join(' ')}</p>
        </section>
      )}
      <section className="outcome" aria-labelledby={`${ids}-how`}>
        <h2 id={`${ids}-how`} className="hand-name">
          {tv('howTitle')}
        </h2>
        <ol className="verify-how">
          <li>{tv('how1', { game: gameCode })}</li>
          <li>{tv('how2')}</li>
          <li>{tv('how3')}</li>
          <li>{tv('how4')}</li>
        </ol>
      </section>
      <section className="outcome" aria-labelledby={`${ids}-rounds`}>
        <h2 id={`${ids}-rounds`} className="hand-name">
          {tv('recentRounds')}
        </h2>
        {rounds === 'failed' && <p className="outcome-seed">{tv('loadFailed')}</p>}
        {rounds && rounds !== 'failed' && (
          <>
            <p className="outcome-seed">
              {tv('payouts', {
                lines: rounds.rules
                  .map((rule) =>
                    tv('ruleLine', {
                      kind: tv(`kind.${rule.kind}`),
                      payout: `${(rule.payoutCenti / 100).toFixed(2)}×`,
                      edge: `${(rule.houseEdgePpm / 10_000).toFixed(2)}%`,
                    }),
                  )
                  .join(' · '),
              })}
            </p>
            <table className="rule-table">
              <thead>
                <tr>
                  <th scope="col">{tv('round')}</th>
                  <th scope="col">{tv('winnerCol')}</th>
                  <th scope="col">{tv('check')}</th>
                </tr>
              </thead>
              <tbody>
                {rounds.rounds.map((entry) => (
                  <tr key={entry.roundId}>
                    <td>{entry.number}</td>
                    <td>{winnerSentence(entry.winner)}</td>
                    <td>
                      <button
                        type="button"
                        className="tool"
                        aria-label={`${tv('check')} ${tv('round')} ${entry.number}`}
                        onClick={() => {
                          const next = {
                            seed: entry.seed,
                            roundNumber: String(entry.number),
                            seedHash: entry.seedHash,
                          };
                          setInput(next);
                          setChecked(next);
                          window.scrollTo(0, 0);
                        }}
                      >
                        {tv('check')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </main>
  );
}
