/**
 * The brands module's entry: every brand's registry entry, settings file and betting rules,
 * kept in the database with a version per change (seeded from `config/domains`), held in
 * memory by the brand directory and refreshed on every instance when an operator changes one;
 * and what each brand allows (sports shown, stake and liability limits, in-play delays,
 * commission).
 */
export {
  createDomainRules,
  maySeeSport,
  sportKeyOf,
  type BetLimits,
  type DomainRules,
  type SportFlags,
} from './domain-rules';
export {
  fileBrandDirectory,
  openBrandDirectory,
  seedBrandDocuments,
  type BrandChangeChannel,
  type BrandDirectory,
  type LiveBrandDirectory,
} from './brand-directory';
export {
  BRAND_UPLOADS_PREFIX,
  createBrandService,
  type BrandService,
  type RecordChange,
} from './brand-service';
export { brandPageTag } from './brand-page-tag';
