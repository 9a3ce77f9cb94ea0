import { useTranslation } from 'react-i18next';
import { type Choice, SearchAutocomplete } from '../../../components/search-autocomplete.tsx';
import { companyChoices } from '../../../lib/company-choices.ts';
import { useStaffPrefix } from '../api/prefix.ts';

export type CompanyOption = Choice;

interface CompanyAutocompleteProps {
  label: string;
  value: CompanyOption | null;
  onChange: (value: CompanyOption | null) => void;
  /** Offer only active companies (for adding people). */
  activeOnly?: boolean;
  size?: 'small' | 'medium';
  error?: boolean;
  helperText?: string;
}

/** A searchable company select: the server searches by name as the user types (50 matches at a time). */
export function CompanyAutocomplete({ activeOnly, ...props }: CompanyAutocompleteProps) {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  return (
    <SearchAutocomplete {...props} query={(search) => companyChoices(prefix, search, activeOnly)} noOptionsText={t('organisation:noCompanies')} />
  );
}
