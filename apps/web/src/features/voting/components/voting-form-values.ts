import { zodResolver } from '@hookform/resolvers/zod';
import { type LOCALES, type VotingDetail, votingBody } from '@portal/shared';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { Choice } from '../../../components/search-autocomplete.tsx';
import { fromLocalInput, toLocalInput } from '../../../lib/dates.ts';

/** What the staff voting form hands to the API once its values pass the shared schema. */
export type VotingOutput = z.output<typeof votingBody>;

interface OptionValues {
  seq: string;
  name: string;
  comment: string;
}

export interface VotingFormValues {
  title: string;
  question: string;
  language: (typeof LOCALES)[number];
  startsAt: string;
  endsAt: string;
  autoStart: boolean;
  options: OptionValues[];
  multiple: boolean;
  minAnswers: string;
  maxAnswers: string;
  quorum: string;
  maxResponses: string;
  unit: 'company' | 'person';
  eligibility: 'all' | 'companies';
  /** The chosen companies, with their names to show; the API takes their ids. */
  companyIds: Choice[];
  secret: boolean;
  requireCode: boolean;
  publishResults: boolean;
  showCounts: boolean;
}

export const emptyOption = (seq: number): OptionValues => ({ seq: String(seq), name: '', comment: '' });
const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's values: empty for a new voting, the voting's for an edit, its settings without dates for a clone. */
export function formValuesOf(voting: VotingDetail | undefined, mode: 'create' | 'edit' | 'clone', language: 'en' | 'ru'): VotingFormValues {
  if (!voting) {
    return {
      title: '',
      question: '',
      language,
      startsAt: '',
      endsAt: '',
      autoStart: false,
      options: [emptyOption(1), emptyOption(2)],
      multiple: false,
      minAnswers: '1',
      maxAnswers: '1',
      quorum: '',
      maxResponses: '',
      unit: 'company',
      eligibility: 'all',
      companyIds: [],
      secret: false,
      requireCode: true,
      publishResults: false,
      showCounts: true,
    };
  }
  return {
    title: voting.title,
    question: voting.question,
    language: voting.language,
    startsAt: mode === 'clone' ? '' : toLocalInput(voting.startsAt),
    endsAt: mode === 'clone' ? '' : toLocalInput(voting.endsAt),
    autoStart: voting.autoStart,
    options: [...voting.options].sort((a, b) => a.seq - b.seq).map((o) => ({ seq: String(o.seq), name: o.name, comment: o.comment ?? '' })),
    multiple: voting.multiple,
    minAnswers: String(voting.minAnswers),
    maxAnswers: String(voting.maxAnswers),
    quorum: str(voting.quorum),
    // A started voting has its maximum fixed from the eligible voters; a clone starts from what was set.
    maxResponses: str(voting.maxResponsesSet),
    unit: voting.unit,
    eligibility: voting.eligibility,
    companyIds: voting.companies,
    secret: voting.secret,
    requireCode: voting.requireCode,
    publishResults: mode === 'clone' ? false : voting.publishResults,
    showCounts: voting.showCounts,
  };
}

/** What the API takes: ISO instants, numbers, null for the empty optional numbers. */
function toBody(v: VotingFormValues) {
  const optionalNumber = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    ...v,
    startsAt: fromLocalInput(v.startsAt),
    endsAt: fromLocalInput(v.endsAt),
    quorum: optionalNumber(v.quorum),
    maxResponses: optionalNumber(v.maxResponses),
    minAnswers: v.minAnswers.trim() === '' ? undefined : v.minAnswers,
    maxAnswers: v.maxAnswers.trim() === '' ? undefined : v.maxAnswers,
    companyIds: v.eligibility === 'companies' ? v.companyIds.map((c) => c.id) : [],
    options: v.options.map((o) => ({ seq: o.seq, name: o.name, comment: o.comment.trim() === '' ? null : o.comment })),
  };
}

const schemaResolver = zodResolver(votingBody);
/** The shared schema (spec §5) validates the form after the datetime-local values become ISO instants; messages land on the same fields. */
export const votingFormResolver: Resolver<VotingFormValues, unknown, VotingOutput> = (values, context, options) =>
  schemaResolver(toBody(values) as never, context, options as never) as never;
