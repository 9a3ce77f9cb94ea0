import { describe, expect, it } from 'vitest';
import { reminderDue } from './reminders.service.ts';

const deadline = new Date('2026-04-30T18:00:00Z');
const before = (days: number, minutes = 0) => new Date(deadline.getTime() - days * 86_400_000 - minutes * 60_000);

describe('the automatic reminder due', () => {
  it('is none before 14 days and after the deadline', () => {
    expect(reminderDue(deadline, before(14, 1))).toBeNull();
    expect(reminderDue(deadline, deadline)).toBeNull();
  });

  it('is the nearest of 14, 7 and 2 days that has come, so a late start never sends a late 14-day one', () => {
    expect(reminderDue(deadline, before(14))).toBe(14);
    expect(reminderDue(deadline, before(8))).toBe(14);
    expect(reminderDue(deadline, before(7))).toBe(7);
    expect(reminderDue(deadline, before(3))).toBe(7);
    expect(reminderDue(deadline, before(2))).toBe(2);
    expect(reminderDue(deadline, before(0, 5))).toBe(2);
  });
});
