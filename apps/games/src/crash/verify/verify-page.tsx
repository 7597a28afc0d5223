/**
 * The verify page: a round's revealed hash in, its crash point out, computed here in the
 * browser with the same function the studio plays with, the formula and the house edge stated,
 * and the recent rounds (with the chain's terminating hash) to check one by one.
 */
import { useId, useState, type FormEvent } from 'react';
import { formatMultiplier, MAX_HOUSE_EDGE_BP } from '@backlay/contract/crash-fairness';
import type { CrashHistoryEntry, CrashRoundsAnswer } from '@backlay/contract/house-games';
import { loadRecentRounds, useRecentRounds, type LoadRounds } from '../../shared/verify-rounds';
import { readRoundsAnswer } from '../protocol';
import { verifyRound, type VerifyInput } from './verify-round';
import { tv } from './verify-words';

export { loadRecentRounds, type LoadRounds } from '../../shared/verify-rounds';

/** The hash a round must lead to: the round before's, or for a chain's first the terminating one. */
function previousOf(entry: CrashHistoryEntry, answer: CrashRoundsAnswer, index: number): string {
  if (entry.chainId === answer.fairness.chainId && entry.number === 1) {
    return answer.fairness.terminatingHash;
  }
  const older = answer.rounds[index + 1];
  return older && older.chainId === entry.chainId && older.number === entry.number - 1
    ? older.hash
    : '';
}

export function VerifyPage({
  initial,
  loadRounds = loadRecentRounds,
}: {
  initial: VerifyInput;
  loadRounds?: LoadRounds;
}) {
  const [input, setInput] = useState(initial);
  const [checked, setChecked] = useState(initial);
  const ids = useId();

  const rounds = useRecentRounds(loadRounds, readRoundsAnswer);

  const outcome = checked.hash ? verifyRound(checked) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(input);
  };
  const field = (name: keyof VerifyInput, label: string, invalid: boolean) => (
    <label className="verify-field">
      <span>{label}</span>
      <input
        value={input[name]}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={invalid}
        onChange={(event) => setInput((now) => ({ ...now, [name]: event.target.value }))}
      />
    </label>
  );
  const wrong = outcome && !outcome.ok ? outcome.field : null;

  return (
    <main className="game verify">
      <header className="game-header">
        <h1 className="brand">{tv('verifyTitle')}</h1>
        <span className="verify-game">{tv('gameName')}</span>
      </header>
      <p className="verify-lead">{tv('verifyLead')}</p>
      <form className="panel" onSubmit={submit} aria-labelledby={`${ids}-form`}>
        <h2 id={`${ids}-form`} className="sr-only">
          {tv('verifyTitle')}
        </h2>
        {field('hash', tv('roundHash'), wrong === 'hash')}
        {field('salt', tv('salt'), false)}
        {field('edgePercent', tv('houseEdgePercent'), wrong === 'edge')}
        {field('previous', tv('previousHash'), wrong === 'previous')}
        <button type="submit" className="action">
          {tv('compute')}
        </button>
      </form>
      {outcome && !outcome.ok && (
        <p className="notice notice-error" role="alert">
          {outcome.field === 'edge'
            ? tv('edgeInvalid', { max: MAX_HOUSE_EDGE_BP / 100 })
            : tv('hashInvalid')}
        </p>
      )}
      {outcome?.ok && (
        <section className="panel verify-result" aria-live="polite">
          <p className="verify-point" data-testid="verified-crash-point">
            {tv('crashPointIs', { multiplier: formatMultiplier(outcome.crashPointCenti) })}
          </p>
          <dl className="verify-steps">
            <dt>h</dt>
            <dd>{outcome.hmacHex}</dd>
            <dt>r</dt>
            <dd>{outcome.r}</dd>
          </dl>
          {outcome.linked !== null && (
            <p className={outcome.linked ? 'verify-ok' : 'verify-bad'}>
              {tv(outcome.linked ? 'chainOk' : 'chainBad')}
            </p>
          )}
        </section>
      )}
      <section className="panel" aria-labelledby={`${ids}-formula`}>
        <h2 id={`${ids}-formula`} className="panel-title">
          {tv('formulaTitle')}
        </h2>
        <ol className="verify-formula">
          <li>{tv('formula1')}</li>
          <li>{tv('formula2')}</li>
          <li>{tv('formula3')}</li>
          <li>{tv('formula4')}</li>
        </ol>
        {outcome?.ok && (
          <p className="verify-edge">
            {tv('houseEdgeStated', {
              edge: outcome.houseEdgeBp / 100,
              rtp: (10_000 - outcome.houseEdgeBp) / 100,
            })}
          </p>
        )}
      </section>
      <section className="live" aria-labelledby={`${ids}-rounds`}>
        <header className="live-head">
          <h2 id={`${ids}-rounds`}>{tv('recentRounds')}</h2>
        </header>
        {rounds === 'failed' && <p className="live-empty">{tv('loadFailed')}</p>}
        {rounds && rounds !== 'failed' && (
          <>
            <p className="verify-chain">
              {tv('chain', {
                chain: rounds.fairness.chainId,
                length: rounds.fairness.chainLength,
              })}
              {' · '}
              {tv('houseEdgeStated', {
                edge: rounds.fairness.houseEdgeBp / 100,
                rtp: (10_000 - rounds.fairness.houseEdgeBp) / 100,
              })}
            </p>
            <p className="verify-hash">
              {tv('terminatingHash')}: <code>{rounds.fairness.terminatingHash}</code>
            </p>
            <table className="live-table">
              <thead>
                <tr>
                  <th scope="col">{tv('round')}</th>
                  <th scope="col">×</th>
                  <th scope="col">{tv('roundHash')}</th>
                  <th scope="col">
                    <span className="sr-only">{tv('check')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rounds.rounds.map((entry, index) => (
                  <tr key={entry.roundId}>
                    <td>{entry.number}</td>
                    <td>{formatMultiplier(entry.crashPointCenti)}×</td>
                    <td>
                      <code>{entry.hash.slice(0, 12)}…</code>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="chip"
                        aria-label={`${tv('check')} ${tv('round')} ${entry.number}`}
                        onClick={() => {
                          const next = {
                            hash: entry.hash,
                            salt: rounds.fairness.salt,
                            edgePercent: String(rounds.fairness.houseEdgeBp / 100),
                            previous: previousOf(entry, rounds, index),
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
