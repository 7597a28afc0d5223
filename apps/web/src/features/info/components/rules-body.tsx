import { RULES_SECTIONS } from '../model/rules-sections';
import { BrandFigures } from './brand-figures';
import { RulesSectionLink } from './rules-section';
import { GeneralRules, InPlayRules, MarketTypeRules, SettlementRules } from './rules-text';
import './rules.css';

/** Everything under the rules page's heading: a contents list, the rules, the brand's figures. */
export default function RulesBody() {
  return (
    <>
      <nav className="rules-contents" aria-label="On this page">
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
