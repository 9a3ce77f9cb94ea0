import Stack from '@mui/material/Stack';
import { ROLE_PREFIX } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { type SurveyTab, SurveyTabs } from '../../../features/survey-admin/components/survey-tabs.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** The frame of the staff's /reports pages: heading, the sections as tabs, the page; `title` names a page within a section. */
export function StaffSurveyFrame({ tab, title, children }: { tab: SurveyTab | false; title?: string; children: (base: string) => ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(`${title ?? t(`surveyAdmin:tabs.${tab || 'periods'}`)} — ${t('surveyAdmin:title')}`);
  if (!user) return null;
  const base = ROLE_PREFIX[user.role];
  return (
    <Stack spacing={2}>
      <PageHeading>{t('surveyAdmin:title')}</PageHeading>
      <SurveyTabs base={base} current={tab} />
      {children(base)}
    </Stack>
  );
}
