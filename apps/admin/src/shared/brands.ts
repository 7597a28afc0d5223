import type { BrandScope, OperatorMe } from '@backlay/contract/admin';

/**
 * The brands an operator's scope covers, for filters: every brand there is (as the server
 * listed them with the operator, brands made in the console included), or the listed ones.
 */
export function brandsInScope(me: Pick<OperatorMe, 'brands' | 'allBrands'> | undefined) {
  if (!me) return [];
  if (me.brands === 'all') return me.allBrands;
  return [...me.brands].sort();
}

/** A brand scope in a few words: `All brands`, one domain, or a count. */
export function describeBrandScope(scope: BrandScope): string {
  if (scope === 'all') return 'All brands';
  if (scope.length === 1) return scope[0] ?? '';
  return `${scope.length} brands`;
}
