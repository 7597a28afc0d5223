/**
 * The games' sounds, synthesised with WebAudio (no recorded files): short tones for a bet, a
 * cash-out and a crash. Played only once a player turns sound on (`sound.ts`).
 */
import type { Cue } from './sound';

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

let context: AudioContext | null = null;

/** Plays a cue now. The audio context is made on the first one (after a tap, as browsers ask). */
export function playCue(cue: Cue): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const audio = context;
  if (audio.state === 'suspended') void audio.resume();
  const { notes, wave, gain } = CUES[cue];
  for (const [frequency, start, length] of notes) {
    const at = audio.currentTime + start;
    const oscillator = audio.createOscillator();
    const envelope = audio.createGain();
    oscillator.type = wave;
    oscillator.frequency.setValueAtTime(frequency, at);
    envelope.gain.setValueAtTime(0, at);
    envelope.gain.linearRampToValueAtTime(gain, at + 0.01);
    envelope.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(envelope).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  }
}
