import { voting } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchEndpointBlob } from '../../../lib/api-client.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** GET /{p}/vote/qr?format=png fetched with the token, as an object URL for an <img> (revoked when replaced). */
export function useQrImageUrl(prefix: VotingPrefix, id: number): string | undefined {
  const { data } = useQuery({
    queryKey: [...VOTING_KEY, 'qr', prefix, id],
    queryFn: ({ signal }) => fetchEndpointBlob(voting.qrCode[prefix], { signal, query: { id, format: 'png' } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!data) return;
    const next = URL.createObjectURL(data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [data]);
  return url;
}
