/** The slug of /voting-form/:slug ('' when the path has none). */
export function slugFromPath(pathname: string): string {
  const match = /^\/voting-form\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]).trim();
  } catch {
    return '';
  }
}
