import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { RULES_SECTIONS } from '../model/rules-sections';
import { BrandFigures } from './brand-figures';
import { RulesSectionLink } from './rules-section';
import { GeneralRules, InPlayRules, MarketTypeRules, SettlementRules } from './rules-text';
import './rules.css';

const messages = i18n('info/rules-body', { contents: 'On this page' });

/** Everything under the rules page's heading: a contents list, the rules, the brand's figures. */
export default function RulesBody() {
  const t = useMessages(messages);
  return (
    <>
      <nav className="rules-contents" aria-label={t.contents}>
        <ol>
          {Object.values(RULES_SECTIONS).map((section) => (
            <li key={section.id}>
              <RulesSectionLink section={section} />
            </li>
          ))}
        </ol>
      </nav>
      <div className="rules-page__body">
        <GeneralRules />
        <MarketTypeRules />
        <SettlementRules />
        <InPlayRules />
        <BrandFigures />
      </div>
    </>
  );
}
