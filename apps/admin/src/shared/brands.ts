import { REGISTRY } from '@backlay/domains/registry';
import type { BrandScope } from '@backlay/contract/admin';

/** Every brand of the registry, by domain, in alphabetical order. */
export const BRAND_DOMAINS: readonly string[] = REGISTRY.domains.map((d) => d.domain).sort();

/** The brands an operator's scope covers, for filters: all of them, or the listed ones. */
export function brandsInScope(scope: BrandScope | undefined): readonly string[] {
  if (scope === undefined || scope === 'all') return BRAND_DOMAINS;
  return [...scope].sort();
}

/** A brand scope in a few words: `All brands`, one domain, or a count. */
export function describeBrandScope(scope: BrandScope): string {
  if (scope === 'all') return 'All brands';
  if (scope.length === 1) return scope[0] ?? '';
  return `${scope.length} brands`;
}
