/** The instant every test starts at; tests move a ManualClock from here, never reading the wall clock. */
export const TEST_NOW = new Date('2026-03-02T09:00:00Z');
