import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Diversity3Outlined from '@mui/icons-material/Diversity3Outlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import HowToVoteOutlined from '@mui/icons-material/HowToVoteOutlined';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { COMPANY_ROLES, ROLES, type Role } from '@portal/shared';
import type { Namespace } from '@portal/shared/i18n-catalogues';
import type { ComponentType } from 'react';

export const LAYOUTS = [
  'default',
  'default-darker',
  'default-nodivider',
  'default-nodivider-nopadding',
  'default-nopadding',
  'no-auth',
  'salary-survey',
] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export type PageModule = { default: ComponentType };

export interface RouteEntry {
  /** Relative to the role's prefix ('profile' → /profile, /trusted/profile, …); public pages sit at the root. */
  path: string;
  /** The roles whose area holds this page, or 'public' for pages without login. */
  roles: readonly Role[] | 'public';
  layout: LayoutName;
  page: () => Promise<PageModule>;
  /** The catalogue namespaces the page shows words from beyond the core ones (lib/i18n.ts); loaded with the page. */
  namespaces: readonly Namespace[];
  /** Shown in the navigation of every role that may open the page, with an optional count beside it. */
  nav?: { labelKey: string; icon: ComponentType; badge?: NavBadge };
}

/** Counts the navigation shows beside an entry (from the staff's dashboard). */
export type NavBadge = 'unviewedUsersLog' | 'pendingApplications' | 'unviewedVotingLog' | 'unviewedCommitteeLog' | 'openMembershipRequests';

const STAFF_ROLES = ['staff', 'admin'] as const satisfies readonly Role[];
const COMPANY_MANAGERS = ['ceo', 'trusted'] as const satisfies readonly Role[];
const employeesTab = (tab: string, page: () => Promise<PageModule>): RouteEntry => ({
  path: `employees/${tab}`,
  roles: STAFF_ROLES,
  layout: 'default',
  page,
  namespaces: ['organisation'],
});

/** A page of the committees area (/cwg/…) for the given roles, with its navigation entry when it has one. */
const cwgPage = (roles: readonly Role[], path: string, page: () => Promise<PageModule>, nav?: RouteEntry['nav']): RouteEntry => ({
  path: path ? `cwg/${path}` : 'cwg',
  roles,
  layout: 'default',
  page,
  namespaces: ['committees'],
  ...(nav ? { nav } : {}),
});

/** A page of the voting area; the staff's voting form also names companies and people (organisation). */
const votingPage = (
  path: string,
  roles: readonly Role[],
  page: () => Promise<PageModule>,
  namespaces: readonly Namespace[] = ['voting'],
): RouteEntry => ({
  path: `voting/${path}`,
  roles,
  layout: 'default',
  page,
  namespaces,
});

/** The 404 page: public at /404, and inside the frame for a logged-in person on an unknown path. */
export const NOT_FOUND_PAGE = () => import('./routes/system/not-found.page.tsx');

/** Every screen of the portal, listed once. The router and the navigation are generated from it. */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: 'login', roles: 'public', layout: 'no-auth', page: () => import('./routes/account/login.page.tsx'), namespaces: ['account'] },
  { path: 'signup', roles: 'public', layout: 'no-auth', page: () => import('./routes/account/signup.page.tsx'), namespaces: ['account'] },
  {
    path: 'reset-password',
    roles: 'public',
    layout: 'no-auth',
    page: () => import('./routes/account/reset-password.page.tsx'),
    namespaces: ['account'],
  },
  { path: '404', roles: 'public', layout: 'no-auth', page: NOT_FOUND_PAGE, namespaces: [] },
  { path: 'not-found', roles: 'public', layout: 'no-auth', page: NOT_FOUND_PAGE, namespaces: [] },
  { path: 'forbidden', roles: 'public', layout: 'no-auth', page: () => import('./routes/system/forbidden.page.tsx'), namespaces: [] },
  {
    path: 'unsubscribe',
    roles: 'public',
    layout: 'no-auth',
    page: () => import('./routes/committees/unsubscribe.page.tsx'),
    namespaces: ['committees'],
  },
  {
    path: 'home',
    roles: COMPANY_ROLES,
    layout: 'default',
    page: () => import('./routes/system/home.page.tsx'),
    namespaces: ['voting', 'content', 'committees', 'reports'],
    nav: { labelKey: 'common:nav.home', icon: HomeOutlined },
  },
  cwgPage(COMPANY_ROLES, '', () => import('./routes/committees/company-committees.page.tsx'), {
    labelKey: 'common:nav.committees',
    icon: Diversity3Outlined,
  }),
  cwgPage(COMPANY_ROLES, 'membership', () => import('./routes/committees/company-membership.page.tsx')),
  cwgPage(COMPANY_ROLES, 'subscriptions', () => import('./routes/committees/company-subscriptions.page.tsx')),
  {
    path: 'index',
    roles: ['admin'],
    layout: 'default',
    page: () => import('./routes/organisation/admin-index.page.tsx'),
    namespaces: ['organisation'],
    nav: { labelKey: 'common:nav.overview', icon: DashboardOutlined },
  },
  {
    path: 'employees',
    roles: STAFF_ROLES,
    layout: 'default',
    page: () => import('./routes/organisation/employees.page.tsx'),
    namespaces: ['organisation'],
    nav: { labelKey: 'common:nav.employees', icon: GroupsOutlined, badge: 'unviewedUsersLog' },
  },
  employeesTab('companies', () => import('./routes/organisation/employees-companies.page.tsx')),
  employeesTab('gma', () => import('./routes/organisation/employees-gma.page.tsx')),
  employeesTab('emp', () => import('./routes/organisation/employees-emp.page.tsx')),
  employeesTab('aipm', () => import('./routes/organisation/employees-aipm.page.tsx')),
  employeesTab('log', () => import('./routes/organisation/employees-log.page.tsx')),
  {
    path: 'applications',
    roles: STAFF_ROLES,
    layout: 'default',
    page: () => import('./routes/organisation/applications.page.tsx'),
    namespaces: ['organisation'],
    nav: { labelKey: 'common:nav.applications', icon: HowToRegOutlined, badge: 'pendingApplications' },
  },
  {
    path: 'employees',
    roles: COMPANY_MANAGERS,
    layout: 'default',
    page: () => import('./routes/organisation/company-employees.page.tsx'),
    namespaces: ['organisation'],
    nav: { labelKey: 'common:nav.employees', icon: GroupsOutlined },
  },
  // The salary survey, staff side: the periods are /reports itself; company is the completion dashboard.
  {
    path: 'reports',
    roles: STAFF_ROLES,
    layout: 'default',
    page: () => import('./routes/survey-admin/staff-periods.page.tsx'),
    namespaces: ['surveyAdmin'],
    nav: { labelKey: 'common:nav.salarySurvey', icon: AssessmentOutlined },
  },
  // A period's parts: its catalogue files (no part), 'reports' (statistics and reports) and 'cut' (the interactive cut).
  {
    path: 'reports/period/:id/:part?',
    roles: STAFF_ROLES,
    layout: 'default',
    page: () => import('./routes/survey-admin/staff-period.page.tsx'),
    namespaces: ['surveyAdmin', 'reportsAdmin'],
  },
  {
    path: 'reports/company',
    roles: STAFF_ROLES,
    layout: 'default',
    page: () => import('./routes/survey-admin/staff-company.page.tsx'),
    namespaces: ['surveyAdmin', 'reportsAdmin', 'creditData'],
  },
  cwgPage(STAFF_ROLES, '', () => import('./routes/committees/staff-cwg-index.page.tsx'), {
    labelKey: 'common:nav.committees',
    icon: Diversity3Outlined,
    badge: 'unviewedCommitteeLog',
  }),
  cwgPage(STAFF_ROLES, 'committees', () => import('./routes/committees/staff-committees.page.tsx')),
  cwgPage(STAFF_ROLES, 'committees/:id', () => import('./routes/committees/staff-committee-index.page.tsx')),
  cwgPage(STAFF_ROLES, 'committees/:id/members', () => import('./routes/committees/staff-committee-members.page.tsx')),
  cwgPage(STAFF_ROLES, 'committees/:id/subscribers', () => import('./routes/committees/staff-committee-subscribers.page.tsx')),
  cwgPage(STAFF_ROLES, 'committees/:id/distribution', () => import('./routes/committees/staff-committee-distribution.page.tsx')),
  cwgPage(STAFF_ROLES, 'committees/:id/mailings', () => import('./routes/committees/staff-committee-mailings.page.tsx')),
  cwgPage(STAFF_ROLES, 'assignments', () => import('./routes/committees/staff-assignments.page.tsx'), {
    labelKey: 'common:nav.membershipRequests',
    icon: AssignmentIndOutlined,
    badge: 'openMembershipRequests',
  }),
  cwgPage(STAFF_ROLES, 'stat', () => import('./routes/committees/staff-stat.page.tsx')),
  cwgPage(STAFF_ROLES, 'log', () => import('./routes/committees/staff-log.page.tsx')),
  cwgPage(STAFF_ROLES, 'template', () => import('./routes/committees/staff-templates.page.tsx')),
  cwgPage(['admin'], 'template/create', () => import('./routes/committees/staff-template-create.page.tsx')),
  cwgPage(['admin'], 'template/edit/:id', () => import('./routes/committees/staff-template-edit.page.tsx')),
  cwgPage(STAFF_ROLES, 'settings', () => import('./routes/committees/staff-mail-settings.page.tsx')),
  {
    path: 'voting',
    roles: ROLES,
    layout: 'default',
    page: () => import('./routes/voting/voting-index.page.tsx'),
    namespaces: ['voting'],
    nav: { labelKey: 'common:nav.voting', icon: HowToVoteOutlined, badge: 'unviewedVotingLog' },
  },
  votingPage('list', STAFF_ROLES, () => import('./routes/voting/voting-list.page.tsx')),
  votingPage('create', STAFF_ROLES, () => import('./routes/voting/voting-create.page.tsx'), ['voting', 'organisation']),
  votingPage('archive', STAFF_ROLES, () => import('./routes/voting/voting-archive.page.tsx')),
  votingPage('log', STAFF_ROLES, () => import('./routes/voting/voting-log.page.tsx')),
  votingPage('edit/:id', STAFF_ROLES, () => import('./routes/voting/voting-edit.page.tsx'), ['voting', 'organisation']),
  votingPage('clone/:id', STAFF_ROLES, () => import('./routes/voting/voting-clone.page.tsx'), ['voting', 'organisation']),
  votingPage('results/:id', STAFF_ROLES, () => import('./routes/voting/voting-results.page.tsx')),
  votingPage('list', COMPANY_ROLES, () => import('./routes/voting/voter-list.page.tsx')),
  votingPage('list/:id', COMPANY_ROLES, () => import('./routes/voting/voter-ballot.page.tsx')),
  votingPage('results', COMPANY_ROLES, () => import('./routes/voting/voter-results.page.tsx')),
  {
    path: 'history',
    roles: STAFF_ROLES,
    layout: 'default',
    page: () => import('./routes/content/history.page.tsx'),
    namespaces: ['content', 'organisation', 'voting', 'committees', 'surveyAdmin', 'account'],
    nav: { labelKey: 'common:nav.history', icon: HistoryOutlined },
  },
  {
    path: 'calendar',
    roles: ROLES,
    layout: 'default',
    page: () => import('./routes/content/calendar.page.tsx'),
    namespaces: ['content'],
    nav: { labelKey: 'common:nav.calendar', icon: EventOutlined },
  },
  {
    path: 'digest',
    roles: ROLES,
    layout: 'default',
    page: () => import('./routes/content/digest.page.tsx'),
    namespaces: ['content'],
    nav: { labelKey: 'common:nav.digest', icon: NewspaperOutlined },
  },
  {
    path: 'documents',
    roles: ROLES,
    layout: 'default',
    page: () => import('./routes/content/documents.page.tsx'),
    namespaces: ['content'],
    nav: { labelKey: 'common:nav.documents', icon: DescriptionOutlined },
  },
  {
    path: 'codex',
    roles: ROLES,
    layout: 'default',
    page: () => import('./routes/content/codex.page.tsx'),
    namespaces: ['content'],
    nav: { labelKey: 'common:nav.codex', icon: GavelOutlined },
  },
  {
    path: 'help',
    roles: ROLES,
    layout: 'default',
    page: () => import('./routes/content/help.page.tsx'),
    namespaces: ['content'],
    nav: { labelKey: 'common:nav.help', icon: HelpOutlineOutlined },
  },
  { path: 'reports', roles: COMPANY_ROLES, layout: 'default', page: () => import('./routes/reports/company-reports-index.page.tsx'), namespaces: [] },
  {
    path: 'reports/selection',
    roles: COMPANY_ROLES,
    layout: 'default',
    page: () => import('./routes/reports/company-selection.page.tsx'),
    namespaces: ['reports'],
    nav: { labelKey: 'common:nav.reports', icon: AssessmentOutlined },
  },
  {
    path: 'reports/published',
    roles: COMPANY_ROLES,
    layout: 'default',
    page: () => import('./routes/reports/company-published.page.tsx'),
    namespaces: ['reports'],
    nav: { labelKey: 'common:nav.reportHistory', icon: HistoryOutlined },
  },
  {
    path: 'reports/access-surveys',
    roles: STAFF_ROLES,
    layout: 'default',
    page: () => import('./routes/reports/staff-access-surveys.page.tsx'),
    namespaces: ['reports', 'surveyAdmin'],
  },
  {
    path: 'reports/access-reports',
    roles: STAFF_ROLES,
    layout: 'default',
    page: () => import('./routes/reports/staff-access-reports.page.tsx'),
    namespaces: ['reports', 'surveyAdmin'],
  },
  {
    path: 'reports/access-aipm',
    roles: ['admin'],
    layout: 'default',
    page: () => import('./routes/reports/staff-access-aipm.page.tsx'),
    namespaces: ['reports', 'surveyAdmin'],
  },
  {
    path: 'reports/distributors',
    roles: STAFF_ROLES,
    layout: 'default',
    page: () => import('./routes/credit/staff-distributors.page.tsx'),
    namespaces: ['surveyAdmin', 'creditData'],
  },
  // Credit data: company people with the credit.fill area; the others are refused by the server (403).
  {
    path: 'reports/selection/credit',
    roles: COMPANY_ROLES,
    layout: 'default',
    page: () => import('./routes/credit/credit-entry.page.tsx'),
    namespaces: ['creditData', 'reports'],
  },
  // Salary survey: the questionnaire in its focused layout (FILL); people without the salary.fill area see "no access".
  {
    path: 'reports/selection/salary',
    roles: COMPANY_ROLES,
    layout: 'salary-survey',
    page: () => import('./routes/survey/salary-survey.page.tsx'),
    namespaces: ['survey'],
  },
  {
    path: 'profile',
    roles: ROLES,
    layout: 'default',
    page: () => import('./routes/account/profile.page.tsx'),
    namespaces: ['account'],
    nav: { labelKey: 'common:nav.profile', icon: PersonOutlined },
  },
];

export const isPublic = (entry: RouteEntry): boolean => entry.roles === 'public';

/** May this role open this entry (under its own prefix)? */
export const allows = (entry: RouteEntry, role: Role): boolean => entry.roles !== 'public' && entry.roles.includes(role);
