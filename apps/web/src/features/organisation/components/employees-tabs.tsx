import { LinkTabs } from '../../../components/link-tabs.tsx';

export const EMPLOYEE_TABS = ['companies', 'gma', 'emp', 'aipm', 'log'] as const;
export type EmployeeTab = (typeof EMPLOYEE_TABS)[number];

/** The children of /employees for staff and admin, as link tabs. */
export function EmployeesTabs({ base, current }: { base: string; current: EmployeeTab }) {
  return <LinkTabs tabs={EMPLOYEE_TABS} current={current} keyPrefix="organisation:tabs" path={`${base}/employees`} />;
}
