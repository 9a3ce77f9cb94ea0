// The salary survey benchmark's client, a child process of bench/survey.ts: each company's person saves its whole
// positions grid again and again, one save after the other (each based on the version the last one answered), so
// the server's work is measured without this process's JSON taking its CPU.

export interface SaverJob {
  url: string;
  seconds: number;
  companies: { authorization: string; version: number }[];
  rows: { positionId: number; regionId: number }[];
  /**
   * An autosave's pattern: each save changes the grid's first `changing` rows and sends only them, as the questionnaire
   * does (the server keeps the rows a save does not name). Absent: every row changed and sent, as a first save or an upload.
   */
  changing?: number;
}
export interface SaverResult {
  latencies: number[];
  ok: number;
  failed: number;
  seconds: number;
  /** The first refusal, to say why. */
  firstError?: string;
}

async function run(job: SaverJob): Promise<SaverResult> {
  const latencies: number[] = [];
  let failed = 0;
  let firstError: string | undefined;
  const until = performance.now() + job.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    job.companies.map(async (company, c) => {
      let version = company.version;
      for (let i = 1; performance.now() < until; i++) {
        // The changing rows' figures move at every save.
        const moving = (k: number) => (k < (job.changing ?? job.rows.length) ? i : 0);
        const body = JSON.stringify({
          version,
          rows: job.rows.slice(0, job.changing ?? job.rows.length).map((r, k) => ({
            ...r,
            headcount: 1 + ((k + moving(k)) % 40),
            baseSalaryAvg: String(90_000 + ((k * 37 + moving(k) * 11 + c) % 200) * 1000),
            guaranteedExtraAnnual: '0',
            bonusEligiblePct: '100',
            bonusTargetPct: String(10 + (k % 20)),
            bonusActualAvg: String(150_000 + (k % 50) * 1000),
            allowances: [{ type: 'mobile', amountAvg: String(1500 + (moving(k) % 10)), shareReceivingPct: '100' }],
          })),
          cars: [],
        });
        const t0 = performance.now();
        const res = await fetch(job.url, {
          method: 'POST',
          headers: { authorization: company.authorization, 'content-type': 'application/json' },
          body,
        });
        const answer = (await res.json()) as { version?: number };
        latencies.push(performance.now() - t0);
        if (res.ok && answer.version) version = answer.version;
        else {
          failed++;
          firstError ??= `${res.status} ${JSON.stringify(answer).slice(0, 200)}`;
        }
      }
    }),
  );
  return {
    latencies: latencies.sort((a, b) => a - b),
    ok: latencies.length - failed,
    failed,
    seconds: (performance.now() - started) / 1000,
    firstError,
  };
}

process.on('message', (job: SaverJob) => {
  run(job).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
