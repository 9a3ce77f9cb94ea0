/** The addresses as a mail program takes them in its To or Bcc field: separated by "; ". */
export const addressLine = (rows: readonly { email: string }[]): string => rows.map((row) => row.email).join('; ');
