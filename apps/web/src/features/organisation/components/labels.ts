import { logActionKey, USERS_LOG_ACTIONS } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** The users' log's action codes, for its filter. */
export const LOG_ACTIONS = USERS_LOG_ACTIONS;

/** The words of the organisation screens for roles, statuses and log actions, in the page's language. */
export function useOrgLabels() {
  const { t } = useTranslation();
  return {
    role: (role: string) => t(`common:roles.${role}`, { defaultValue: role }),
    companyStatus: (status: string) => t(`organisation:companyStatus.${status}`, { defaultValue: status }),
    userStatus: (status: string) => t(`organisation:userStatus.${status}`, { defaultValue: status }),
    applicationStatus: (status: string) => t(`organisation:applicationStatus.${status}`, { defaultValue: status }),
    action: (code: string) => t(`organisation:logAction.${logActionKey(code)}`, { defaultValue: code }),
    entity: (entity: string) => t(`organisation:logEntity.${entity}`, { defaultValue: entity }),
    active: (isActive: boolean) => t(isActive ? 'organisation:active' : 'organisation:inactive'),
  };
}

export const personName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;
