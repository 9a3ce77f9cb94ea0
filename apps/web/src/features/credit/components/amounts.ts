import { formatNumber } from '../../../lib/format.ts';

/** An exact amount the server sends as a string ('105000000.00'), shown in the reader's number format. */
export const formatRub = (amount: string): string => formatNumber(Number(amount), { maximumFractionDigits: 2 });
