import type { ReactNode } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { rulesSectionTitles, type RulesSectionInfo } from '../model/rules-sections';
import './rules.css';

/** One titled part of the rules page, which the contents list links to by its id. */
export function RulesSection({
  section,
  children,
}: {
  section: RulesSectionInfo;
  children: ReactNode;
}) {
  const t = useMessages(rulesSectionTitles);
  const titleId = `${section.id}-title`;
  return (
    <section className="rules-section" id={section.id} aria-labelledby={titleId}>
      <h2 className="rules-section__title" id={titleId}>
        {t[section.name]}
      </h2>
      {children}
    </section>
  );
}

/** A link to another part of the rules page, named by its heading. */
export function RulesSectionLink({ section }: { section: RulesSectionInfo }) {
  const t = useMessages(rulesSectionTitles);
  return (
    <a href={`#${section.id}`} className="rules-link">
      {t[section.name]}
    </a>
  );
}
