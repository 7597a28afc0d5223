import { describe, expect, it } from 'vitest';
import { Words } from '../shared/i18n';
import { withGameWords } from './messages';

describe('a card game’s words', () => {
  it('are the tables’ catalogue and the game’s own, fetched together and read as one', async () => {
    const asked: string[] = [];
    const words = new Words<'close' | 'name.king_lucky_seven' | 'wins'>({
      en: 'cards-en.json',
      hi: 'cards-hi.json',
    });
    const get = async (url: string) => {
      asked.push(url);
      return url === 'cards-hi.json'
        ? { close: 'बंद करें', wins: '{side} जीता' }
        : { 'name.king_lucky_seven': 'लकी सेवन' };
    };
    await words.load('hi', withGameWords('lucky-seven-hi.json', get));
    expect(asked.sort()).toEqual(['cards-hi.json', 'lucky-seven-hi.json']);
    expect([
      words.t('close'),
      words.t('name.king_lucky_seven'),
      words.t('wins', { side: 'लो' }),
    ]).toEqual(['बंद करें', 'लकी सेवन', 'लो जीता']);
  });

  it('fail as a whole when the game’s own catalogue does not come', async () => {
    const fetchOwn = withGameWords('own.json', async (url) => {
      if (url === 'own.json') throw new Error('own.json answered 404');
      return { close: 'Close' };
    });
    await expect(fetchOwn('cards-en.json')).rejects.toThrow('own.json answered 404');
  });
});
