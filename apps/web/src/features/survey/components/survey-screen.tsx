import CircularProgress from '@mui/material/CircularProgress';
import { API_PREFIX_OF, rolePath, type SurveyOverview, type User } from '@portal/shared';
import type { ReactNode } from 'react';
import {
  useBenchmarkData,
  usePageContent,
  usePositionsData,
  useSavedPage,
  useSurveyContact,
  useSurveyPositions,
  useSurveyRegions,
  useTurnoverData,
} from '../api/survey-queries.ts';
import { BenchmarksStep } from './benchmarks-step.tsx';
import { ContactStep } from './contact-step.tsx';
import { DoneStep } from './done-step.tsx';
import { InfoStep } from './info-step.tsx';
import { MatchingStep } from './matching-step.tsx';
import { PageStep } from './page-step.tsx';
import { PositionsStep } from './positions-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { useSurveySession } from './survey-session.tsx';
import type { ScreenKey } from './survey-steps.ts';
import { TurnoverStep } from './turnover-step.tsx';

const Loading = () => <CircularProgress aria-label="…" />;
/** Renders a step once its data has come. */
const when = <T,>(data: T | undefined, render: (data: T) => ReactNode) => (data === undefined ? <Loading /> : render(data));

function ContactScreen({ user }: { user: User }) {
  const prefix = API_PREFIX_OF[user.role];
  const contact = useSurveyContact(prefix);
  const session = useSurveySession();
  const writer = user.role === 'ceo' || user.role === 'trusted' ? user.role : null;
  return when(contact.data, (c) => <ContactStep contact={c} writer={writer} editable={session.editable} />);
}

function PageScreen({ pageKey, overview }: { pageKey: string; overview: SurveyOverview }) {
  const content = usePageContent(pageKey);
  const saved = useSavedPage(pageKey);
  return content.data && saved.data ? (
    <PageStep content={content.data} saved={saved.data.answers} issues={overview.issues.filter((i) => i.stepKey === `page:${pageKey}`)} />
  ) : (
    <Loading />
  );
}

function GridScreen({ overview, matching }: { overview: SurveyOverview; matching: boolean }) {
  const data = usePositionsData().data;
  const positions = useSurveyPositions().data;
  const regions = useSurveyRegions(overview.period.id).data;
  if (!data || !positions || !regions) return <Loading />;
  return matching ? (
    <MatchingStep data={data} positions={positions} regions={regions} />
  ) : (
    <PositionsStep data={data} positions={positions} regions={regions} issues={overview.issues} />
  );
}

function TurnoverScreen({ overview }: { overview: SurveyOverview }) {
  return when(useTurnoverData().data, (d) => <TurnoverStep data={d} issues={overview.issues} />);
}

function BenchmarksScreen({ overview }: { overview: SurveyOverview }) {
  return when(useBenchmarkData().data, (d) => <BenchmarksStep data={d} issues={overview.issues} />);
}

/** The content of the screen on show. */
export function SurveyScreen({
  screen,
  overview,
  user,
  onScreen,
}: {
  screen: ScreenKey;
  overview: SurveyOverview;
  user: User;
  onScreen: (key: ScreenKey) => void;
}) {
  switch (screen) {
    case 'info':
      return <InfoStep overview={overview} helpHref={rolePath(user.role, 'help')} />;
    case 'contact':
      return <ContactScreen user={user} />;
    case 'matching':
      return <GridScreen overview={overview} matching />;
    case 'positions':
      return <GridScreen overview={overview} matching={false} />;
    case 'turnover':
      return <TurnoverScreen overview={overview} />;
    case 'benchmarks':
      return <BenchmarksScreen overview={overview} />;
    case 'review':
      return <ReviewStep overview={overview} onScreen={onScreen} />;
    case 'done':
      return <DoneStep overview={overview} />;
    default:
      return <PageScreen key={screen} pageKey={screen.slice('page:'.length)} overview={overview} />;
  }
}
