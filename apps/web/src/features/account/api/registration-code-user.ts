import { account } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client.ts';

/** GET /api/getUserByRegistrationCode: whom a set-password link belongs to, and why (reset or first). */
export const registrationCodeUserQuery = (registrationCode: string) =>
  queryOptions({
    queryKey: ['account', 'registrationCodeUser', registrationCode],
    queryFn: ({ signal }) => callEndpoint(account.getUserByRegistrationCode, { query: { registrationCode }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRegistrationCodeUser = (registrationCode: string) => useQuery(registrationCodeUserQuery(registrationCode));
