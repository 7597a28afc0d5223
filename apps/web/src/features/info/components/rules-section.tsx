import type { ReactNode } from 'react';
import type { RulesSectionInfo } from '../model/rules-sections';
import './rules.css';

/** One titled part of the rules page, which the contents list links to by its id. */
export function RulesSection({
  section,
  children,
}: {
  section: RulesSectionInfo;
  children: ReactNode;
}) {
  const titleId = `${section.id}-title`;
  return (
    <section className="rules-section" id={section.id} aria-labelledby={titleId}>
      <h2 className="rules-section__title" id={titleId}>
        {section.title}
      </h2>
      {children}
    </section>
  );
}

/** A link to another part of the rules page, named by its heading. */
export function RulesSectionLink({ section }: { section: RulesSectionInfo }) {
  return (
    <a href={`#${section.id}`} className="rules-link">
      {section.title}
    </a>
  );
}
