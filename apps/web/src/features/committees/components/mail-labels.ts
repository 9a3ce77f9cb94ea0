import { type CommitteeMailEvent, MAIL_PLACEHOLDERS, MAIL_TYPES, type MailType } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** A placeholder a type fills, and whether a template of the type must hold it. */
export interface PlaceholderInfo {
  name: string;
  required: boolean;
}

/** The placeholders of a type, required ones first. */
export const placeholderInfo = (type: MailType): PlaceholderInfo[] => [
  ...MAIL_PLACEHOLDERS[type].required.map((name) => ({ name, required: true })),
  ...MAIL_PLACEHOLDERS[type].optional.map((name) => ({ name, required: false })),
];

/** The order types are listed in (the portal's own order of MAIL_TYPES). */
export const mailTypeOrder = (type: MailType): number => MAIL_TYPES.indexOf(type);

/** The mail words the templates, settings and mailings share, in the page's language. */
export function useMailLabels() {
  const { t } = useTranslation();
  return {
    type: (type: MailType) => t(`committees:mailTypes.${type}`),
    event: (event: CommitteeMailEvent) => t(`committees:mailEvents.${event}`),
    placeholder: (name: string) => t(`committees:placeholders.${name}`, { defaultValue: name }),
  };
}
