import type { ReactNode } from 'react';
import { i18n, params, useMessages } from '../i18n/i18n';
import { Icon } from '../icons/icon';
import { toolsIcon } from '../icons/set/tools-icon';
import type { IconDefinition } from '../icons/icon-definition';
import './coming-soon.css';

const messages = i18n('shared/coming-soon', { comingSoon: params('{feature} is coming soon') });

export interface ComingSoonProps {
  /** What the page will offer, said plainly, e.g. "Your bet history". */
  feature: string;
  /** One sentence on what the player will be able to do here. */
  detail: string;
  icon?: IconDefinition;
  children?: ReactNode;
}

/** States plainly that a page's feature is not open yet; it never shows sample data. */
export function ComingSoon({ feature, detail, icon = toolsIcon, children }: ComingSoonProps) {
  const t = useMessages(messages);
  const comingSoon = t.comingSoon({ feature });
  return (
    <section className="coming-soon" aria-label={comingSoon}>
      <span className="coming-soon__badge">
        <Icon icon={icon} />
      </span>
      <div className="coming-soon__body">
        <p className="coming-soon__title">{comingSoon}</p>
        <p className="coming-soon__detail">{detail}</p>
        {children}
      </div>
    </section>
  );
}
