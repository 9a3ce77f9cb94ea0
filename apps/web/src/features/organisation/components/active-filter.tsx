import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** The "Active" filter of a list: all, active only or inactive only ('', 'true', 'false'). */
export function ActiveFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      label={t('organisation:columns.active')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'true', label: t('organisation:activeOnly') },
        { value: 'false', label: t('organisation:inactiveOnly') },
      ]}
    />
  );
}
