/**
 * The header every game's page draws above its play: the game's mark and name (the game's
 * own), the balance, the rules button and the sound switch. The game gives its words; the look
 * is its style sheet's.
 */
import { useState, type ReactNode } from 'react';
import type { Params } from './i18n';
import type { Sound } from './sound';

/** The sentences the header says; every game's catalogue has them. */
export type HeaderWords = (key: 'balance' | 'rules' | 'sound', params?: Params) => string;

/** The game's header: its brand (`children`: its mark and name), the balance, and its tools. */
export function GameHeader({
  t,
  state,
  money,
  sound,
  onRules,
  children,
}: {
  t: HeaderWords;
  /** The balance, null until the server told it. */
  state: { balanceMinor: number | null };
  money: (minor: number) => string;
  sound: Sound;
  /** Opens the rules; null while there are none to show. */
  onRules: (() => void) | null;
  children: ReactNode;
}) {
  const [soundOn, setSoundOn] = useState(sound.enabled);
  return (
    <header className="game-header">
      <h1 className="brand">{children}</h1>
      <p className="balance" data-testid="game-balance">
        {state.balanceMinor === null ? '' : t('balance', { amount: money(state.balanceMinor) })}
      </p>
      <div className="header-tools">
        {onRules && (
          <button type="button" className="tool" aria-label={t('rules')} onClick={onRules}>
            ?
          </button>
        )}
        <button
          type="button"
          className="tool"
          aria-pressed={soundOn}
          aria-label={t('sound')}
          onClick={() => {
            sound.setEnabled(!soundOn);
            setSoundOn(!soundOn);
            if (!soundOn) sound.play('tick');
          }}
        >
          <SpeakerIcon on={soundOn} />
        </button>
      </div>
    </header>
  );
}

function SpeakerIcon({ on }: { on: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      fill="none"
    >
      <path fill="currentColor" d="M4 9h4l5-4v14l-5-4H4z" />
      <path d={on ? 'M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11' : 'M16 9l5 6M21 9l-5 6'} />
    </svg>
  );
}
