/** The periods an operator can choose, in days; the server takes 1 to 90. */
export const FIGURES_PERIODS = [7, 14, 30, 90] as const;
export type FiguresPeriod = (typeof FIGURES_PERIODS)[number];
/** The server's own default period. */
export const DEFAULT_FIGURES_PERIOD: FiguresPeriod = 14;

/** What the figures cover, as the URL holds them. */
export interface FiguresFilters {
  /** One brand; empty for every brand the operator covers. */
  brand: string;
  days: FiguresPeriod;
}

export function isFiguresPeriod(value: number): value is FiguresPeriod {
  return (FIGURES_PERIODS as readonly number[]).includes(value);
}

/** The filters a figures URL holds; a period not offered falls back to the default. */
export function figuresFiltersOf(search: URLSearchParams): FiguresFilters {
  const days = Number(search.get('days'));
  return {
    brand: search.get('brand') ?? '',
    days: isFiguresPeriod(days) ? days : DEFAULT_FIGURES_PERIOD,
  };
}

/** The URL's parameters for the filters, leaving out what is the default. */
export function figuresParamsOf(filters: FiguresFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.brand) params.set('brand', filters.brand);
  if (filters.days !== DEFAULT_FIGURES_PERIOD) params.set('days', String(filters.days));
  return params;
}
