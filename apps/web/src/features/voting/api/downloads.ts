import { voting } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { downloadEndpoint } from '../../../lib/api-client.ts';
import type { VotingPrefix } from './prefix.ts';
import type { VotingListQuery } from './votings.ts';

export type VotingDownload =
  | { kind: 'votings'; query: VotingListQuery }
  | { kind: 'answers'; id: number }
  | { kind: 'protocol'; id: number }
  | { kind: 'qr'; id: number; format: 'png' | 'svg' };

/** The voting downloads: the list (Excel), the answers (Excel), the PDF protocol, the QR code (PNG, SVG). */
export function useVotingDownload(prefix: VotingPrefix) {
  return useMutation({
    mutationFn: (d: VotingDownload) => {
      switch (d.kind) {
        case 'votings':
          return downloadEndpoint(voting.downloadVotings[prefix], { query: d.query as never });
        case 'answers':
          return downloadEndpoint(voting.downloadAnswers[prefix], { query: { id: d.id } });
        case 'protocol':
          return downloadEndpoint(voting.protocol[prefix], { query: { id: d.id } });
        case 'qr':
          return downloadEndpoint(voting.qrCode[prefix], { query: { id: d.id, format: d.format } });
      }
    },
  });
}
