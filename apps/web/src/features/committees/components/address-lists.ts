/** The addresses as a mail program takes them in its To or Bcc field: separated by "; ". */
export const addressLine = (rows: readonly { email: string }[]): string => rows.map((row) => row.email).join('; ');

/**
 * Typed or pasted addresses as the subscribers' list takes them, one per line: a list copied from a mail program (or
 * from "Copy addresses", "a@x; b@y") splits at its semicolons and commas; blank parts go.
 */
export const oneAddressPerLine = (text: string): string =>
  text
    .split(/[;,\r\n]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n');
