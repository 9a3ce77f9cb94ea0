/** A failure to report to the person at the terminal: the message says what happened and what to do. */
export class BackupError extends Error {}

/** A timestamp safe in file names: 2026-03-02T09-00-00-000Z. */
export const fileStamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');
