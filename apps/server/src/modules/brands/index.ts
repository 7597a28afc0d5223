/**
 * The brands module's entry: what each brand (domain) allows — the sports it shows and its
 * betting rules (stake and liability limits, in-play delays, commission), read from the
 * domain registry and cached briefly so an operator's edit applies without a restart.
 */
export {
  createDomainRules,
  maySeeSport,
  sportKeyOf,
  type BetLimits,
  type DomainRules,
  type SportFlags,
} from './domain-rules';
