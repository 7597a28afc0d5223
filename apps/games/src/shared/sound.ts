/**
 * The games' sounds, synthesised with WebAudio (no recorded files): short tones for a bet, a
 * cash-out and a crash. Off until the player turns them on; the choice is kept on the device.
 * The audio context is made on the first sound after the player turned sound on (a tap), as
 * browsers allow only then.
 */

/** Where the sound choice is kept. */
export const SOUND_STORAGE_KEY = 'backlayGamesSound';

export type Cue = 'bet' | 'cashOut' | 'crash' | 'tick';

/** Each cue: its notes as [frequency Hz, start s, length s], the wave and the volume. */
const CUES: Record<Cue, { notes: [number, number, number][]; wave: OscillatorType; gain: number }> =
  {
    bet: { notes: [[660, 0, 0.08]], wave: 'triangle', gain: 0.15 },
    cashOut: {
      notes: [
        [784, 0, 0.09],
        [1047, 0.08, 0.16],
      ],
      wave: 'triangle',
      gain: 0.18,
    },
    crash: {
      notes: [
        [220, 0, 0.18],
        [147, 0.12, 0.3],
      ],
      wave: 'sawtooth',
      gain: 0.08,
    },
    tick: { notes: [[1200, 0, 0.03]], wave: 'sine', gain: 0.05 },
  };

function storedChoice(): boolean {
  try {
    return localStorage.getItem(SOUND_STORAGE_KEY) === 'on';
  } catch {
    // Storage can be refused inside a frame (third-party storage blocked): sound stays off.
    return false;
  }
}

export class Sound {
  private context: AudioContext | null = null;
  private on = storedChoice();

  get enabled(): boolean {
    return this.on;
  }

  setEnabled(on: boolean): void {
    this.on = on;
    try {
      localStorage.setItem(SOUND_STORAGE_KEY, on ? 'on' : 'off');
    } catch {
      // Kept for this page only when storage is refused.
    }
  }

  play(cue: Cue): void {
    if (!this.on || typeof AudioContext === 'undefined') return;
    this.context ??= new AudioContext();
    const context = this.context;
    if (context.state === 'suspended') void context.resume();
    const { notes, wave, gain } = CUES[cue];
    for (const [frequency, start, length] of notes) {
      const at = context.currentTime + start;
      const oscillator = context.createOscillator();
      const envelope = context.createGain();
      oscillator.type = wave;
      oscillator.frequency.setValueAtTime(frequency, at);
      envelope.gain.setValueAtTime(0, at);
      envelope.gain.linearRampToValueAtTime(gain, at + 0.01);
      envelope.gain.exponentialRampToValueAtTime(0.0001, at + length);
      oscillator.connect(envelope).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + length + 0.02);
    }
  }
}
