import { organisation } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { downloadEndpoint } from '../../../lib/api-client.ts';
import type { OrgPrefix } from './prefix.ts';

export type DownloadWhat = 'users' | 'ceos' | 'trusted';
export type DownloadQuery = z.input<typeof organisation.downloadUsers.admin.query>;

const ENDPOINTS = { users: organisation.downloadUsers, ceos: organisation.downloadCeos, trusted: organisation.downloadTrusted } as const;

/** GET /{p}/company/downloadUsers|downloadCEOs|downloadTrusted, saved under the server's dated name. */
export function useDownloadPeople(prefix: OrgPrefix) {
  return useMutation({
    mutationFn: ({ what, query }: { what: DownloadWhat; query: DownloadQuery }) => downloadEndpoint(ENDPOINTS[what][prefix], { query }),
  });
}
