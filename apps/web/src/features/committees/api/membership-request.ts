import { committees } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { uploadEndpoint } from '../../../lib/api-client.ts';
import { type ManagerPrefix, useInvalidateCompanyCwg } from './company-side.ts';

export interface MembershipRequestInput {
  committeeId: number;
  note: string;
  /** The nomination letter (PDF), sent in the file field `letter`. */
  letter: File | null;
  onProgress: (fraction: number) => void;
  /** ceo and trusted asking for one of their company's people; absent for the caller's own request. */
  forPerson?: { prefix: ManagerPrefix; userId: number; position: string };
}

/** POST /user/membership, or /{ceo|trusted}/membership for a person of the company (multipart), reporting the upload's progress. */
export function useSendMembershipRequest() {
  const invalidate = useInvalidateCompanyCwg();
  return useMutation({
    mutationFn: ({ letter, onProgress, forPerson, ...fields }: MembershipRequestInput) => {
      const files = letter ? { letter } : undefined;
      if (!forPerson) return uploadEndpoint(committees.requestOwnMembership, { body: fields, files, onProgress });
      const { prefix, ...person } = forPerson;
      return uploadEndpoint(committees.requestMembership[prefix], { body: { ...fields, ...person }, files, onProgress });
    },
    onSuccess: invalidate,
  });
}
