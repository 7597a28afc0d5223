import type { Referral } from '@backlay/contract/bonuses';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { copyIcon } from '../../../shared/icons/set/copy-icon';
import { toast } from '../../../shared/toasts/toast-store';

const messages = i18n('bonus/referral-box', {
  link: 'Your referral link',
  lead: 'Friends who join with your link earn you a bonus once they qualify, as the referral offer’s terms say.',
  code: params('Code {code}'),
  copy: 'Copy link',
  copied: 'Link copied',
  failed: 'This browser would not copy it: select the link and copy it.',
  invited: params('Friends joined: {invited} · rewarded: {rewarded}'),
});

async function copy(value: string): Promise<void> {
  try {
    // The clipboard exists on secure (https and localhost) pages only.
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(value);
    toast.success(messages.get().copied);
  } catch {
    toast.error(messages.get().failed);
  }
}

/** The player's referral link with a copy button, and how many friends it brought. */
export function ReferralBox({ referral }: { referral: Referral }) {
  const t = useMessages(messages);
  return (
    <div className="bonus-referral">
      <p className="bonus-referral__lead">{t.lead}</p>
      <div className="bonus-referral__row">
        <input
          className="bonus-referral__link"
          readOnly
          value={referral.link}
          aria-label={t.link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="bonus-copy" onClick={() => void copy(referral.link)}>
          <Icon icon={copyIcon} />
          <span>{t.copy}</span>
        </button>
      </div>
      <p className="bonus-referral__facts">
        <span>{t.code({ code: referral.code })}</span>
        <span>
          {t.invited({ invited: String(referral.invited), rewarded: String(referral.rewarded) })}
        </span>
      </p>
    </div>
  );
}
