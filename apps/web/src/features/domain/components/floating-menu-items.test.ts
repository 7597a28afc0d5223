import { describe, expect, it } from 'vitest';
import { buildSetting } from '../../../shared/test/fixtures';
import { floatingMenuFor } from './floating-menu-items';

const ids = (menu: ReturnType<typeof floatingMenuFor>) => menu.items.map((item) => item.id);

describe('floatingMenuFor', () => {
  it('shows a guest only the support link', () => {
    const menu = floatingMenuFor(buildSetting(), false);
    expect(ids(menu)).toEqual(['support']);
    expect(menu.items[0]).toMatchObject({ href: 'https://wa.me/910000000000', external: true });
    expect(menu.layout).toBe(3);
  });

  it('shows a guest nothing when the domain hides support', () => {
    expect(ids(floatingMenuFor(buildSetting({ showSupportLink: false }), false))).toEqual([]);
  });

  it('gives a player every link and shortcut in the 4-item layout', () => {
    const menu = floatingMenuFor(buildSetting(), true);
    expect(ids(menu)).toEqual(['support', 'telegram', 'instagram', 'deposit', 'withdrawal']);
    expect(menu.layout).toBe(4);
    expect(menu.items.find((i) => i.id === 'telegram')?.href).toBe('https://t.me/backlay_test');
    expect(menu.items.find((i) => i.id === 'instagram')?.href).toBe(
      'https://instagram.com/backlay.test',
    );
    expect(menu.items.find((i) => i.id === 'deposit')).toMatchObject({
      href: '/depositw/deposit',
      external: false,
    });
    expect(menu.items.find((i) => i.id === 'withdrawal')?.href).toBe('/depositw/withdrawal');
  });

  it('uses the 3-item layout when telegram or instagram is missing', () => {
    expect(floatingMenuFor(buildSetting({ instagramId: '' }), true).layout).toBe(3);
    expect(floatingMenuFor(buildSetting({ telegramId: '  ' }), true).layout).toBe(3);
    expect(ids(floatingMenuFor(buildSetting({ telegramId: '' }), true))).toEqual([
      'support',
      'instagram',
      'deposit',
      'withdrawal',
    ]);
  });

  it('offers deposit and withdrawal only when the domain shows them', () => {
    expect(ids(floatingMenuFor(buildSetting({ showDepositW: false }), true))).toEqual([
      'support',
      'telegram',
      'instagram',
    ]);
  });

  it('leaves out support for a player when the domain hides it', () => {
    expect(ids(floatingMenuFor(buildSetting({ showSupportLink: false }), true))[0]).toBe(
      'telegram',
    );
  });

  it('keeps a full URL an operator entered', () => {
    const menu = floatingMenuFor(buildSetting({ telegramId: 'https://t.me/+invite' }), true);
    expect(menu.items.find((i) => i.id === 'telegram')?.href).toBe('https://t.me/+invite');
  });
});
