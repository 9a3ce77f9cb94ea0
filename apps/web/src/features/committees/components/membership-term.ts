/** Today in the browser's time zone, as a term's days are written. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** How a term reads: with its end, running since its start, or starting later. */
export const termKind = (since: string, until: string | null, on: string): 'range' | 'since' | 'from' =>
  until ? 'range' : since.slice(0, 10) > on ? 'from' : 'since';
