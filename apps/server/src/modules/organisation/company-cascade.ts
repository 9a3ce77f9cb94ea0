import type { Executor } from '../../db/client.ts';

/**
 * One step of switching a company off, besides its people's access: later domains (committee and
 * working-group subscriptions, …) add theirs. Each runs in the deactivation's transaction and returns
 * how many subscriptions it removed; a step that throws undoes the whole deactivation.
 */
export type CompanyDeactivationStep = (tx: Executor, companyId: number, now: Date) => Promise<number>;

export class CompanyCascade {
  private readonly steps: CompanyDeactivationStep[] = [];

  /** Adds a step; answers how to take it out again (a test's step must not outlive the test on a shared app). */
  add(step: CompanyDeactivationStep): () => void {
    this.steps.push(step);
    return () => {
      const at = this.steps.indexOf(step);
      if (at >= 0) this.steps.splice(at, 1);
    };
  }

  /** Runs every step; returns the number of subscriptions removed. */
  async run(tx: Executor, companyId: number, now: Date): Promise<number> {
    let removed = 0;
    for (const step of this.steps) removed += await step(tx, companyId, now);
    return removed;
  }
}
