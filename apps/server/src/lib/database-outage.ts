/** Node's socket errors and PostgreSQL's connection classes (08: connection exception; 57P01–03: shutting down, cannot connect now). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
const LOST =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|client has encountered a connection error|terminating connection/i;

/** Whether an error means the database could not be reached (rather than that it refused the request). */
export function isConnectionError(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && LOST.test(e.message)) return true;
  }
  return false;
}

interface Log {
  error(message: string): void;
  info(message: string): void;
}

/** Tells the log once that the database went away and once that it came back, however many requests meet it meanwhile. */
export class DatabaseOutage {
  private down = false;

  constructor(private readonly log: Log) {}

  wentAway(error: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log.error(`the database cannot be reached (${(error as Error)?.message ?? error}): the API answers 503 until it is back`);
  }

  cameBack(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('the database is back');
  }
}
