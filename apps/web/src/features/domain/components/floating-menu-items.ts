import type { DomainSetting } from '@backlay/contract/domain-settings';
import { i18n } from '../../../shared/i18n/i18n';
import { paths, WALLET_MODES } from '../../../shared/paths';
import type { IconDefinition } from '../../../shared/icons/icon-definition';
import { depositIcon } from '../../../shared/icons/set/deposit-icon';
import { headsetIcon } from '../../../shared/icons/set/headset-icon';
import { instagramIcon } from '../../../shared/icons/set/instagram-icon';
import { telegramIcon } from '../../../shared/icons/set/telegram-icon';
import { withdrawIcon } from '../../../shared/icons/set/withdraw-icon';

export type FloatingItemId = 'support' | 'telegram' | 'instagram' | 'deposit' | 'withdrawal';

/** Each item's label by its id; Telegram and Instagram keep their names in every language. */
export const floatingMenuMessages = i18n('domain/floating-menu-items', {
  support: 'Support',
  telegram: 'Telegram',
  instagram: 'Instagram',
  deposit: 'Deposit',
  withdrawal: 'Withdraw',
} satisfies Record<FloatingItemId, string>);

export interface FloatingItem {
  id: FloatingItemId;
  label: string;
  icon: IconDefinition;
  href: string;
  /** External links open in a new tab; the others are routes of this site. */
  external: boolean;
}

export interface FloatingMenu {
  /** Four-item layout when both telegram and instagram links are offered, else three. */
  layout: 3 | 4;
  items: FloatingItem[];
}

export type FloatingMenuSetting = Pick<
  DomainSetting,
  'showSupportLink' | 'supportLink' | 'telegramId' | 'instagramId' | 'showDepositW'
>;

/** A handle or a full URL, as operators enter either. */
function socialUrl(base: string, id: string): string {
  return /^https?:\/\//i.test(id) ? id : `${base}${id.replace(/^@/, '')}`;
}

/**
 * The floating menu (spec §2, §6): a guest sees only the support link; a logged-in player
 * also gets telegram and instagram when the domain names them, and deposit and withdrawal
 * shortcuts when the domain shows them.
 */
export function floatingMenuFor(setting: FloatingMenuSetting, loggedIn: boolean): FloatingMenu {
  const t = floatingMenuMessages.get();
  const items: FloatingItem[] = [];
  const supportLink = setting.supportLink.trim();
  const telegramId = setting.telegramId.trim();
  const instagramId = setting.instagramId.trim();

  if (setting.showSupportLink && supportLink) {
    items.push({
      id: 'support',
      label: t.support,
      icon: headsetIcon,
      href: supportLink,
      external: true,
    });
  }
  if (loggedIn && telegramId) {
    items.push({
      id: 'telegram',
      label: t.telegram,
      icon: telegramIcon,
      href: socialUrl('https://t.me/', telegramId),
      external: true,
    });
  }
  if (loggedIn && instagramId) {
    items.push({
      id: 'instagram',
      label: t.instagram,
      icon: instagramIcon,
      href: socialUrl('https://instagram.com/', instagramId),
      external: true,
    });
  }
  if (loggedIn && setting.showDepositW) {
    items.push(
      {
        id: 'deposit',
        label: t.deposit,
        icon: depositIcon,
        href: paths.depositW.getHref(WALLET_MODES.deposit),
        external: false,
      },
      {
        id: 'withdrawal',
        label: t.withdrawal,
        icon: withdrawIcon,
        href: paths.depositW.getHref(WALLET_MODES.withdrawal),
        external: false,
      },
    );
  }

  const offered = new Set(items.map((item) => item.id));
  return { layout: offered.has('telegram') && offered.has('instagram') ? 4 : 3, items };
}
