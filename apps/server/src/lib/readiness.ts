/**
 * Whether this server takes requests, for the balancer's readiness check (`/api/ready`): starting until it listens
 * with its background jobs running, draining from SIGTERM until it leaves. Liveness (`/api/health`) is another matter.
 */
export class Readiness {
  private state: 'starting' | 'ready' | 'draining';

  constructor(ready = false) {
    this.state = ready ? 'ready' : 'starting';
  }

  get ready(): boolean {
    return this.state === 'ready';
  }

  markReady(): void {
    if (this.state === 'starting') this.state = 'ready';
  }

  drain(): void {
    this.state = 'draining';
  }
}
