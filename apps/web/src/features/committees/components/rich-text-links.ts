/** A placeholder standing for a whole address: {{link}}. */
const PLACEHOLDER_HREF = /^\{\{\s*\w+\s*\}\}$/;

/** An address a body's link may have: http(s) or mailto, or a placeholder the e-mail fills in ({{link}}). */
export function isAllowedHref(href: string): boolean {
  const value = href.trim();
  if (PLACEHOLDER_HREF.test(value)) return true;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
