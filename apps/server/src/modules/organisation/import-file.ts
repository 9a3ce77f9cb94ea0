import { AppError } from '../../lib/app-error.ts';
import { EMAIL_HEADERS, normaliseHeader, readTable, type Table } from '../../lib/table-upload.ts';

/** Column headers accepted for each field, in English and Russian, compared case- and space-insensitively. */
const FIELDS = ['name', 'surname', 'email', 'position', 'phone', 'role'] as const;
type Field = (typeof FIELDS)[number];

const HEADERS: Record<Field, string[]> = {
  name: ['name', 'first name', 'имя'],
  surname: ['surname', 'last name', 'family name', 'фамилия'],
  email: EMAIL_HEADERS,
  position: ['position', 'job title', 'должность'],
  phone: ['phone', 'telephone', 'телефон'],
  role: ['role', 'роль'],
};

export type RawRow = { line: number } & Record<Field, string>;

function toRows(table: Table): RawRow[] {
  const [headerRow, ...body] = table;
  const header = headerRow?.cells;
  if (!header) throw new AppError('IMPORT_INVALID_FILE');
  const index: Partial<Record<Field, number>> = {};
  header.forEach((h, i) => {
    for (const field of FIELDS) if (HEADERS[field].includes(normaliseHeader(h))) index[field] ??= i;
  });
  if (index.email === undefined || index.name === undefined || index.surname === undefined) throw new AppError('IMPORT_INVALID_FILE');
  return body
    .map(({ line, cells }) => {
      const row = { line } as RawRow;
      for (const field of FIELDS) {
        const at = index[field];
        row[field] = at === undefined ? '' : String(cells[at] ?? '').trim();
      }
      return row;
    })
    .filter((r) => FIELDS.some((f) => r[f] !== ''));
}

/** Reads the people rows of an uploaded CSV or Excel file. */
export async function readImportFile(filename: string, data: Buffer): Promise<RawRow[]> {
  return toRows(await readTable(filename, data));
}
