import { reports } from '@portal/shared';
import type { ReportLanguage, ReportType } from '@portal/shared/reports-model';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';
import { type StaffPrefix, useInvalidateReportsAdmin, useStaffPrefix } from './keys.ts';

const CREATE = {
  general: reports.createGeneralReport,
  car: reports.createCarReport,
  full: reports.createFullReport,
  company: reports.createCompanyReports,
  credit: reports.createCreditReport,
} as const;

export interface CreateReport {
  periodId: number;
  type: ReportType;
  language: ReportLanguage;
}

/** POST /{admin|aipm}/create/report/<type>: the draft edition (one per participant for the company report), or the existing one. */
export const createReport = (prefix: StaffPrefix, { periodId, type, language }: CreateReport) =>
  callEndpoint(CREATE[type][prefix], { body: { periodId, language } });

export function useCreateReport() {
  const prefix = useStaffPrefix();
  const invalidate = useInvalidateReportsAdmin();
  return useMutation({ mutationFn: (input: CreateReport) => createReport(prefix, input), onSuccess: invalidate });
}
