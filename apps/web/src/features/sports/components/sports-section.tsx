import type { ReactNode } from 'react';
import { useId } from 'react';
import { Icon } from '../../../shared/icons/icon';
import type { IconDefinition } from '../../../shared/icons/icon-definition';
import './event-list.css';

/** A titled block of a sports page: a heading with an icon and a count, then its content. */
export function SportsSection({
  title,
  icon,
  count,
  children,
}: {
  title: string;
  icon: IconDefinition;
  count?: number;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="sports-section" aria-labelledby={id}>
      <h2 className="sports-section__title" id={id}>
        <Icon icon={icon} />
        {title}
        {count !== undefined ? <span className="sports-section__count"> {count}</span> : null}
      </h2>
      {children}
    </section>
  );
}
