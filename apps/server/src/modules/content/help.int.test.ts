import { codex, type HelpItemInput, help } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { samplePdf } from '../../../test/pdf-files.ts';
import { actionLog, helpItems } from '../../db/schema/index.ts';

let t: TestApp;
let staff: string;
let employee: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  staff = await t.tokenFor('staff@demo.test');
  employee = await t.tokenFor('employee@demo.test');
});
afterAll(async () => {
  await t.close();
});

const question = (n: number) => ({
  questionEn: `How do I do thing ${n}?`,
  questionRu: `Как сделать вещь ${n}?`,
  answerEn: `Like this.\nStep by step, ${n}.`,
  answerRu: `Вот так.\nШаг за шагом, ${n}.`,
});
const save = (body: HelpItemInput, token = staff) => t.api(help.save.aipm, body, token);
const page = async () => (await t.api(help.page, undefined, employee)).json();

describe('the help page', () => {
  it('shows the questions in the order staff set, in both languages, with the association’s contacts', async () => {
    for (const n of [1, 2, 3]) expect((await save(question(n))).statusCode).toBe(200);
    const shown = await page();
    expect(shown.items.map((i: { questionEn: string; position: number }) => [i.position, i.questionEn])).toEqual([
      [1, 'How do I do thing 1?'],
      [2, 'How do I do thing 2?'],
      [3, 'How do I do thing 3?'],
    ]);
    expect(shown.items[0].answerRu).toBe('Вот так.\nШаг за шагом, 1.');
    expect(shown.guide).toBeNull();
    expect(shown.contacts).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'staff@demo.test' })]));
    expect(shown.contacts.every((c: { email: string }) => c.email !== 'admin@demo.test' && c.email !== 'employee@demo.test')).toBe(true);
  });

  it('lets staff edit, move and delete a question, keeping the places without gaps, each change in the log', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push((await save(question(n))).json().id);
    const edited = await save({ id: ids[1], ...question(2), questionEn: 'How do I sign in?' });
    expect(edited.json()).toMatchObject({ id: ids[1], questionEn: 'How do I sign in?', position: 2 });
    const moved = await t.api(help.move.aipm, { id: ids[2]!, direction: 'up' }, staff);
    expect(moved.json().map((i: { id: number }) => i.id)).toEqual([ids[0], ids[2], ids[1]]);
    const top = await t.api(help.move.aipm, { id: ids[0]!, direction: 'up' }, staff);
    expect(top.json().map((i: { id: number }) => i.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect((await t.api(help.remove.aipm, { id: ids[0] }, staff)).statusCode).toBe(204);
    const rows = await t.database.db.select().from(helpItems);
    expect(rows.map((r) => [r.id, r.position]).sort((a, b) => a[1]! - b[1]!)).toEqual([
      [ids[2], 1],
      [ids[1], 2],
    ]);
    const actions = (await t.database.db.select().from(actionLog).where(eq(actionLog.domain, 'help'))).map((e) => e.action);
    expect(actions).toEqual(['help.created', 'help.created', 'help.created', 'help.updated', 'help.moved', 'help.deleted']);
  });

  it('refuses a question without both languages, an unknown one, and members who try to change it', async () => {
    const missing = await save({ ...question(1), questionRu: ' ', answerEn: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ questionRu: 'You must enter a value.', answerEn: 'You must enter a value.' });
    expect((await save({ id: 999, ...question(1) })).statusCode).toBe(404);
    expect((await save(question(1), employee)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/aipm/help/move', { token: staff, json: { id: 1, direction: 'sideways' } })).statusCode).toBe(400);
    expect(await t.database.db.select().from(helpItems)).toHaveLength(0);
  });

  it('publishes the user instruction as a PDF that every role opens; a new one replaces it; anything else is refused', async () => {
    const first = await samplePdf('User instruction, first edition');
    const upload = (content: Buffer | string, filename: string) =>
      t.api(help.uploadGuide.aipm, undefined, staff, { file: { filename, content, contentType: 'application/pdf' } });
    expect((await t.api(help.guide, {}, employee)).statusCode).toBe(404);
    expect((await upload(first, 'User instruction.pdf')).json()).toMatchObject({ fileName: 'User instruction.pdf', size: first.length });
    const second = await samplePdf('User instruction, second edition');
    expect((await upload(second, 'User instruction 2.pdf')).statusCode).toBe(200);
    expect((await upload('not a pdf', 'fake.pdf')).json().fields.file).toBe('Choose a PDF file: this file is not a whole PDF document.');
    expect((await page()).guide).toMatchObject({ fileName: 'User instruction 2.pdf', size: second.length });
    const file = await t.api(help.guide, { inline: true }, employee);
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="User instruction 2.pdf"/);
    expect(file.rawPayload.equals(second)).toBe(true);
  });
});

describe('the code of practice', () => {
  it('is kept by staff in both languages with its PDF, and read by every role', async () => {
    expect((await t.api(codex.get, undefined, employee)).json()).toEqual({ textEn: '', textRu: '', updatedAt: null, pdf: null });
    const text = { textEn: '## Principles\n\nMembers act ethically.', textRu: '## Принципы\n\nУчастники действуют этично.' };
    const saved = await t.api(codex.save.admin, text, await t.tokenFor('admin@demo.test'));
    expect(saved.json()).toMatchObject({ ...text, updatedAt: t.clock.now().toISOString() });
    expect((await t.api(codex.save.aipm, { textEn: 'x', textRu: '' }, staff)).json().fields).toEqual({
      textRu: 'You must enter a value.',
    });
    expect((await t.api(codex.save.aipm, text, employee)).statusCode).toBe(403);
    const pdf = await samplePdf('Code of practice');
    const published = await t.api(codex.uploadPdf.aipm, undefined, staff, { file: { filename: 'Codex.pdf', content: pdf } });
    expect(published.json()).toMatchObject({ fileName: 'Codex.pdf', size: pdf.length });
    const read = (await t.api(codex.get, undefined, await t.tokenFor('ceo@demo.test'))).json();
    expect(read).toMatchObject({ ...text, pdf: { fileName: 'Codex.pdf' } });
    expect((await t.api(codex.pdf, {}, employee)).rawPayload.equals(pdf)).toBe(true);
    const actions = (await t.database.db.select().from(actionLog).where(eq(actionLog.domain, 'help'))).map((e) => e.action);
    expect(actions).toEqual(['codex.updated', 'codex.pdf_uploaded']);
  });
});
