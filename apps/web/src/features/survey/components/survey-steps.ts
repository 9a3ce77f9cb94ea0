import type { SurveyIssue, SurveyOverview } from '@portal/shared';
import type { TFunction } from 'i18next';

/** The screens of the questionnaire: the information screen, the counted steps, the review; completion once submitted. */
export type ScreenKey = 'info' | 'review' | 'done' | string;

export function screensOf(o: SurveyOverview): ScreenKey[] {
  return ['info', ...o.steps.map((s) => s.key), 'review'];
}

/** A screen's name: the fixed steps from the catalogue, a configurable page by its title. */
export function screenLabel(t: TFunction, o: SurveyOverview, key: ScreenKey): string {
  if (key.startsWith('page:')) return o.pages.find((p) => `page:${p.key}` === key)?.title ?? key;
  return t(`survey:steps.${key}`);
}

/** An issue's words: a rule's message with its figures, or the staff's question as written. */
export function issueMessage(t: TFunction, issue: Pick<SurveyIssue, 'ruleCode' | 'params' | 'severity'>): string {
  if (issue.severity === 'staff_query') return t('survey:rules.staffQuery', { text: String(issue.params.text ?? '') });
  return t(`survey:rules.${issue.ruleCode}`, issue.params);
}

/** Issues of one cell: the grid's 'position:<p>:<r>' with a field. */
export const issuesAt = (issues: readonly SurveyIssue[], target: string, field?: string) =>
  issues.filter((i) => i.target === target && (field === undefined || i.field === field));
