import type { QuartileBand } from '@portal/shared/reports-model';

/** Own figure over the market median × 100, to one decimal (design §3.4). */
export function compaRatio(own: number, p50: number): number | null {
  return p50 > 0 ? Math.round((own / p50) * 1000) / 10 : null;
}

/** Which quarter of the market the own figure falls in; a figure on a quartile belongs to the quarter below it. */
export function quartileBand(own: number, market: { p25: number; p50: number; p75: number }): QuartileBand {
  if (own < market.p25) return 'below_p25';
  if (own <= market.p50) return 'p25_p50';
  if (own <= market.p75) return 'p50_p75';
  return 'above_p75';
}
