import { closedReason } from '@portal/shared';
import { AppError } from '../../lib/app-error.ts';
import type { VotingRow } from './voting.repository.ts';

/** The voting takes answers now; staff may also record a ballot once it has stopped. */
export function assertOpen(v: VotingRow, now: Date, byStaff: boolean): void {
  if (byStaff && v.status === 'stopped') return;
  const closed = closedReason(v, now.getTime());
  if (closed) throw new AppError(closed === 'notBegun' ? 'VOTING_NOT_BEGUN' : 'VOTING_OVER');
}

/** The answers must be options of this voting, distinct, between the minimum and the maximum. */
export function assertAnswers(v: VotingRow, optionIdsOfVoting: number[], optionIds: number[]): void {
  const options = new Set(optionIdsOfVoting);
  const chosen = new Set(optionIds);
  const valid = [...chosen].every((id) => options.has(id)) && chosen.size === optionIds.length;
  if (!valid) throw new AppError('VALIDATION', { fields: { optionIds: 'validation.invalid' } });
  if (chosen.size < v.minAnswers || chosen.size > v.maxAnswers) {
    throw new AppError('VALIDATION', { fields: { optionIds: 'validation.answersRange' }, params: { min: v.minAnswers, max: v.maxAnswers } });
  }
}

/** The chosen options as the log shows them: "2. Bob". */
export const answerNames = (options: { id: number; seq: number; name: string }[], optionIds: number[]) =>
  optionIds.map((id) => {
    const o = options.find((x) => x.id === id);
    return o ? `${o.seq}. ${o.name}` : `#${id}`;
  });
