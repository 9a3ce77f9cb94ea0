import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DownloadQuery, type DownloadWhat, useDownloadPeople } from '../api/download-people.ts';
import type { OrgPrefix } from '../api/prefix.ts';
import { notifyFailed } from './notify.ts';

type Format = 'xlsx' | 'csv';
const WHAT: readonly DownloadWhat[] = ['users', 'ceos', 'trusted'];

/** "Download Excel" and "Download CSV", each a menu of people, general managers and authorised persons, with the list's filters. */
export function PeopleDownloads({ prefix, filters }: { prefix: OrgPrefix; filters: DownloadQuery }) {
  const { t } = useTranslation();
  const download = useDownloadPeople(prefix);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; format: Format } | null>(null);
  const run = (what: DownloadWhat, format: Format) => {
    setMenu(null);
    // The general managers' and authorised persons' files choose the role themselves.
    const query = what === 'users' ? { ...filters, format } : { ...filters, role: undefined, format };
    download.mutate({ what, query }, { onError: (error) => notifyFailed('download', error) });
  };
  return (
    <Stack direction="row" spacing={1}>
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          aria-haspopup="menu"
          loading={download.isPending && download.variables?.query.format === format}
          onClick={(event) => setMenu({ anchor: event.currentTarget, format })}
        >
          {t(format === 'xlsx' ? 'organisation:download.excel' : 'organisation:download.csv')}
        </Button>
      ))}
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {WHAT.map((what) => (
          <MenuItem key={what} onClick={() => menu && run(what, menu.format)}>
            {t(`organisation:download.${what}`)}
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
}
