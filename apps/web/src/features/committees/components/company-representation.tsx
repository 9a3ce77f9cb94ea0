import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyCommittee } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/row-actions.tsx';
import { personName, useCommitteeLabels } from './labels.ts';

export type CompanyMember = CompanyCommittee['members'][number];

export interface RepresentationActions {
  requestFor: () => void;
  /** Offered only where the committee lets companies manage their own members (selfService). */
  add: () => void;
  edit: (member: CompanyMember) => void;
  remove: (member: CompanyMember) => void;
}

/** The caller's company in one committee or group (ceo and trusted): its members with position and term, its subscribers, and what they may do. */
export function CompanyRepresentation({ committee, actions }: { committee: CompanyCommittee; actions: RepresentationActions }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const name = labels.name(committee);
  const subscribers = committee.subscribers.map(personName).join(', ');
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Typography variant="subtitle2" component="p">
        {t('committees:company.representation.title')}
      </Typography>
      {committee.members.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('committees:company.representation.noMembers')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('committees:company.representation.membersOf', { name })}>
          {committee.members.map((m) => (
            <Stack key={m.memberId} component="li" direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2">
                <Box component="span" sx={{ fontWeight: 500 }}>
                  {personName(m)}
                </Box>
                {` — ${labels.position(m.position)}, ${labels.term(m.since, m.until)}`}
              </Typography>
              {committee.selfService ? (
                <RowActions
                  actions={[
                    {
                      label: t('committees:company.member.editNamed', { person: personName(m) }),
                      icon: <EditOutlined fontSize="small" />,
                      onClick: () => actions.edit(m),
                    },
                    {
                      label: t('committees:company.member.removeNamed', { person: personName(m) }),
                      icon: <PersonRemoveOutlined fontSize="small" />,
                      onClick: () => actions.remove(m),
                    },
                  ]}
                />
              ) : null}
            </Stack>
          ))}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {subscribers
          ? t('committees:company.representation.subscribers', { count: committee.subscribers.length, names: subscribers })
          : t('committees:company.representation.noSubscribers')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        <Button size="small" variant="outlined" onClick={actions.requestFor}>
          {t('committees:company.representation.requestFor')}
        </Button>
        {committee.selfService ? (
          <Button size="small" variant="outlined" startIcon={<PersonAddAlt1Outlined />} onClick={actions.add}>
            {t('committees:member.add')}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
