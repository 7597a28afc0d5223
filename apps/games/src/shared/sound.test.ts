import { afterEach, describe, expect, it, vi } from 'vitest';
import { Sound, SOUND_STORAGE_KEY } from './sound';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('sound', () => {
  it('is off until the player turns it on, and stays as they left it on the device', () => {
    const storage = memoryStorage();
    const sound = new Sound(storage);
    expect(sound.enabled).toBe(false);
    sound.setEnabled(true);
    expect(storage.getItem(SOUND_STORAGE_KEY)).toBe('on');
    expect(new Sound(storage).enabled).toBe(true);
  });

  it('makes no audio at all while off, and synthesises tones once on', () => {
    const made = vi.fn();
    class FakeAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      constructor() {
        made();
      }
      createOscillator() {
        return {
          type: '',
          frequency: { setValueAtTime: vi.fn() },
          connect: (node: unknown) => node,
          start: vi.fn(),
          stop: vi.fn(),
        };
      }
      createGain() {
        return {
          gain: {
            setValueAtTime: vi.fn(),
            linearRampToValueAtTime: vi.fn(),
            exponentialRampToValueAtTime: vi.fn(),
          },
          connect: (node: unknown) => node,
        };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const sound = new Sound(memoryStorage());
    sound.play('crash');
    expect(made).not.toHaveBeenCalled();
    sound.setEnabled(true);
    sound.play('cashOut');
    sound.play('bet');
    expect(made).toHaveBeenCalledTimes(1);
  });
});
