import type { ApiPrefix } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { SearchAutocomplete } from '../../../components/search-autocomplete.tsx';
import { type PersonChoice, personChoices } from '../api/people.ts';

interface PersonPickerProps {
  /** Whose people lists to search: staff search every member company, ceo and trusted their own company. */
  prefix: ApiPrefix;
  value: PersonChoice | null;
  onChange: (value: PersonChoice | null) => void;
  error?: string;
}

/** A person select searched on the server as the user types (name or e-mail; active people only), for members and subscribers. */
export function PersonPicker({ prefix, value, onChange, error }: PersonPickerProps) {
  const { t } = useTranslation();
  // ceo and trusted only ever find their own company's people, and are told so.
  const ofCompany = prefix === 'ceo' || prefix === 'trusted';
  return (
    <SearchAutocomplete
      label={t(ofCompany ? 'committees:person.ofCompany' : 'committees:person.label')}
      query={(search) => personChoices(prefix, search)}
      noOptionsText={t(ofCompany ? 'committees:person.noneOfCompany' : 'committees:person.none')}
      value={value}
      // The options are personChoices' own objects, so a chosen one is a PersonChoice.
      onChange={(choice) => onChange(choice as PersonChoice | null)}
      margin="normal"
      error={Boolean(error)}
      helperText={error ?? t('committees:person.hint')}
    />
  );
}
