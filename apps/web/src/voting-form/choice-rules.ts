import type { PublicVoting } from './api.ts';
import type { MessageKey } from './messages.ts';

type Limits = Pick<PublicVoting, 'minAnswers' | 'maxAnswers'>;

/** One answer only: the options are radio buttons and a click replaces the choice. */
export const isSingleChoice = (voting: Limits): boolean => voting.maxAnswers <= 1;

/** How many answers to choose: the hint says it, and the error repeats it when the choice does not fit. */
export function choiceRule(voting: Limits): { key: MessageKey; params?: Record<string, number> } {
  if (isSingleChoice(voting)) return { key: 'chooseOne' };
  return {
    key: voting.minAnswers === voting.maxAnswers ? 'chooseExactly' : 'chooseRange',
    params: { n: voting.maxAnswers, min: voting.minAnswers, max: voting.maxAnswers },
  };
}

/** Whether this many chosen answers are within the voting's limits. */
export const answersFit = (voting: Limits, count: number): boolean => count >= voting.minAnswers && count <= voting.maxAnswers;
