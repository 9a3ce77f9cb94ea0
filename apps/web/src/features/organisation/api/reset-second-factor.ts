import { account } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

/** POST /admin/user/resetTwoFactor: admin turns off another person's second factors (a lost phone). */
export const useResetSecondFactor = () => useMutation({ mutationFn: (id: number) => callEndpoint(account.resetTwoFactor, { body: { id } }) });
