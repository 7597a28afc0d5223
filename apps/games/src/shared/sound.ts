/**
 * Whether the games make sound: off until the player turns it on, the choice kept on the
 * device. The tones are synthesised (`synth.ts`); nothing is played, and no audio context made,
 * while sound is off.
 */
import { playCue } from './synth';

/** Where the sound choice is kept. */
export const SOUND_STORAGE_KEY = 'backlayGamesSound';

export type Cue = 'bet' | 'cashOut' | 'crash' | 'tick';

/** Its fields are `#` ones: a page's minifier shortens their names (the bundle budget). */
export class Sound {
  #on: boolean;
  readonly #storage: Pick<Storage, 'getItem' | 'setItem'> | null;

  constructor(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage()) {
    this.#storage = storage;
    this.#on = storage?.getItem(SOUND_STORAGE_KEY) === 'on';
  }

  get enabled(): boolean {
    return this.#on;
  }

  setEnabled(on: boolean): void {
    this.#on = on;
    try {
      this.#storage?.setItem(SOUND_STORAGE_KEY, on ? 'on' : 'off');
    } catch {
      // Kept for this page only when storage is refused.
    }
  }

  play(cue: Cue): void {
    if (!this.#on) return;
    playCue(cue);
  }
}

/** Local storage, or null where a frame may not use it (third-party storage blocked). */
function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
