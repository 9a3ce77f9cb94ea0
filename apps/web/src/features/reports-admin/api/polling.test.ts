import { describe, expect, it } from 'vitest';
import { anyRunning, nextPollDelay, POLL_FIRST_MS, POLL_SLOWEST_MS } from './polling.ts';

const task = (state: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled', retryAfterMs: number | null = null) => ({ state, retryAfterMs });

describe('nextPollDelay', () => {
  it('stops at a final state', () => {
    for (const state of ['succeeded', 'failed', 'cancelled'] as const) expect(nextPollDelay(task(state), 3)).toBe(false);
  });

  it('asks every second at first, then backs off steadily to two seconds and stays there', () => {
    const delays = Array.from({ length: 12 }, (_, i) => nextPollDelay(task('running'), i + 1) as number);
    expect(delays[0]).toBe(POLL_FIRST_MS);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] ?? 0);
    expect(delays.at(-1)).toBe(POLL_SLOWEST_MS);
    expect(Math.max(...delays)).toBe(POLL_SLOWEST_MS);
  });

  it('polls a task not read yet (queued, or unknown) at the first pace', () => {
    expect(nextPollDelay(undefined, 0)).toBe(POLL_FIRST_MS);
    expect(nextPollDelay(task('queued'), 1)).toBe(POLL_FIRST_MS);
  });

  it('waits as long as the server asks, within one and two seconds', () => {
    expect(nextPollDelay(task('running', 1500), 1)).toBe(1500);
    expect(nextPollDelay(task('running', 10_000), 1)).toBe(POLL_SLOWEST_MS);
    expect(nextPollDelay(task('running', 10), 1)).toBe(POLL_FIRST_MS);
  });
});

describe('anyRunning', () => {
  it('is true while a task is queued or running', () => {
    expect(anyRunning([task('succeeded'), task('queued')])).toBe(true);
    expect(anyRunning([task('succeeded'), task('failed')])).toBe(false);
    expect(anyRunning([])).toBe(false);
  });
});
