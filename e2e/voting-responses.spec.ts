// Staff handle the responses on a voting's results page: record and correct on someone's behalf, reject,
// delete and restore (and the restore refused when the place has been taken); each act is in the voting log.
import { expect, type Page } from '@playwright/test';
import { castVote, expectToast, login, openVotingLog, startedVoting, test } from './fixtures.ts';

/** The results page asks the server every 3 s while the voting runs: what a voter does elsewhere shows up within a few polls. */
const POLLED = { timeout: 15_000 };

const CANDIDATES = [
  { seq: 1, name: 'Mikhail Morozov' },
  { seq: 2, name: 'Nina Nikitina' },
];

/** The parts of the results page the journeys look at, by their accessible names in the given language. */
function resultsPage(page: Page, names = { results: 'Results', responses: 'Responses' }) {
  const results = page.getByRole('region', { name: names.results, exact: true });
  const table = page.getByRole('table', { name: names.responses, exact: true });
  return {
    results,
    table,
    /** The bar of one option: its name, its count and share. */
    option: (name: string) => results.getByRole('listitem').filter({ hasText: name }),
    /** The row of one voter's response. */
    row: (email: string) => table.getByRole('row').filter({ hasText: email }),
  };
}

test('staff record a paper ballot on a voter’s behalf and correct its answers; the table and the counts follow', async ({ page, request }) => {
  const voting = await startedVoting(request, {
    title: 'Paper ballots: audit committee chair',
    question: 'Who should chair the audit committee?',
    language: 'en',
    options: CANDIDATES,
    maxResponses: 10,
  });
  await castVote(request, 'fedor.firstov@demo.test', voting, 'Nina Nikitina');

  await login(page, 'staff@demo.test');
  await page.goto(`/aipm/voting/results/${voting.id}`);
  const { results, table, option, row } = resultsPage(page);
  await expect(row('fedor.firstov@demo.test')).toContainText('2. Nina Nikitina');
  await expect(results).toContainText('Responses: 1 of 10');

  await page.getByRole('button', { name: 'Record a response' }).click();
  const record = page.getByRole('dialog', { name: 'Record a response' });
  await record.getByRole('combobox', { name: 'Person' }).fill('Paperov');
  await page.getByRole('option', { name: /Pavel Paperov <pavel\.paperov@demo\.test>/ }).click();
  await record.getByRole('radio', { name: 'Mikhail Morozov' }).check();
  await record.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Response recorded');
  await expect(record).toBeHidden();
  const paper = row('pavel.paperov@demo.test');
  await expect(paper).toContainText('Pavel Paperov');
  await expect(paper).toContainText('Demo Pharma');
  await expect(paper).toContainText('1. Mikhail Morozov');
  await expect(paper).toContainText('Valid');
  await expect(paper).toContainText('Staff (on behalf)');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(results).toContainText('Responses: 2 of 10');
  await expect(option('Mikhail Morozov')).toContainText('1 vote ·');
  await expect(option('Nina Nikitina')).toContainText('1 vote ·');

  await paper.getByRole('button', { name: 'Correct answers' }).click();
  const correct = page.getByRole('dialog', { name: 'Correct the answers of Pavel Paperov' });
  await expect(correct.getByRole('radio', { name: 'Mikhail Morozov' })).toBeChecked();
  await correct.getByRole('radio', { name: 'Nina Nikitina' }).check();
  await correct.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Answers corrected');
  await expect(correct).toBeHidden();
  await expect(paper).toContainText('2. Nina Nikitina');
  await expect(paper).not.toContainText('Mikhail Morozov');
  await expect(results).toContainText('Responses: 2 of 10');
  await expect(option('Mikhail Morozov')).toContainText('0 votes ·');
  await expect(option('Nina Nikitina')).toContainText('2 votes ·');

  const log = await openVotingLog(page, 'aipm', voting.title);
  await expect(log('Response recorded')).toContainText('Sergey Staffov');
  await expect(log('Response corrected')).toContainText('Sergey Staffov');
});

test('staff reject a response of a secret voting with a reason: it shows as rejected with the reason and no longer counts', async ({
  page,
  request,
}) => {
  const voting = await startedVoting(request, {
    title: 'Secret ballot: ethics committee chair',
    question: 'Who should chair the ethics committee?',
    language: 'en',
    options: CANDIDATES,
    maxResponses: 10,
    secret: true,
  });
  await castVote(request, 'roman.rejectov@demo.test', voting, 'Mikhail Morozov');
  await castVote(request, 'sofia.secondova@demo.test', voting, 'Nina Nikitina');

  await login(page, 'staff@demo.test');
  await page.goto(`/aipm/voting/results/${voting.id}`);
  const { results, table, option, row } = resultsPage(page);
  const roman = row('roman.rejectov@demo.test');
  await expect(roman).toContainText('Valid');
  await expect(row('sofia.secondova@demo.test')).toContainText('Valid');
  await expect(results).toContainText('Responses: 2 of 10');
  await expect(option('Mikhail Morozov')).toContainText('1 vote ·');
  // A secret voting shows who took part, never who chose what, and its answers cannot be corrected.
  await expect(table.getByRole('columnheader', { name: 'Answers' })).toHaveCount(0);
  await expect(roman).not.toContainText('Mikhail Morozov');
  await expect(roman.getByRole('button', { name: 'Correct answers' })).toHaveCount(0);

  await roman.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject the response of Roman Rejectov' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('You must enter a value.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Signed by a proxy without a power of attorney');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expectToast(page, 'Response rejected');
  await expect(dialog).toBeHidden();
  await expect(roman).toContainText('Rejected');
  await expect(roman).toContainText('Signed by a proxy without a power of attorney');
  await expect(roman.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await expect(row('sofia.secondova@demo.test')).toContainText('Valid');
  await expect(results).toContainText('Responses: 1 of 10');
  await expect(option('Mikhail Morozov')).toContainText('0 votes ·');
  await expect(option('Nina Nikitina')).toContainText('1 vote ·');

  const log = await openVotingLog(page, 'aipm', voting.title);
  await expect(log('Response rejected')).toContainText('Sergey Staffov');
  await expect(log('Response rejected')).toContainText('Signed by a proxy without a power of attorney');
});

test('in Russian, staff delete a response and restore it: the count drops and comes back', async ({ page, request }) => {
  const voting = await startedVoting(request, {
    title: 'Ревизионная комиссия: заместитель председателя',
    question: 'Кто станет заместителем председателя?',
    options: CANDIDATES,
    maxResponses: 10,
  });
  await castVote(request, 'dina.deletova@demo.test', voting, 'Nina Nikitina');

  await login(page, 'raisa.russkova@demo.test');
  await page.goto(`/aipm/voting/results/${voting.id}`);
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  const { results, option, row } = resultsPage(page, { results: 'Результаты', responses: 'Ответы' });
  const dina = row('dina.deletova@demo.test');
  await expect(dina).toContainText('Действителен');
  await expect(results).toContainText('Ответов: 1 из 10');
  await expect(option('Nina Nikitina')).toContainText('1 голос ·');

  await dina.getByRole('button', { name: 'Удалить ответ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Удалить ответ?' });
  await expect(dialog).toContainText('Ответ участника Dina Deletova перестанет учитываться.');
  await dialog.getByRole('button', { name: 'Удалить ответ' }).click();
  await expectToast(page, 'Ответ удалён');
  await expect(dialog).toBeHidden();
  await expect(dina).toContainText('Удалён');
  await expect(results).toContainText('Ответов: 0 из 10');
  await expect(option('Nina Nikitina')).toContainText('0 голосов ·');

  await dina.getByRole('button', { name: 'Восстановить' }).click();
  await expectToast(page, 'Ответ восстановлен');
  await expect(dina).toContainText('Действителен');
  await expect(dina.getByRole('button', { name: 'Восстановить' })).toHaveCount(0);
  await expect(results).toContainText('Ответов: 1 из 10');
  await expect(option('Nina Nikitina')).toContainText('1 голос ·');

  const log = await openVotingLog(page, 'aipm', voting.title, 'Журнал голосований');
  await expect(log('Ответ удалён')).toContainText('Raisa Russkova');
  await expect(log('Ответ восстановлен')).toContainText('Raisa Russkova');
});

test('a deleted response whose company has voted again meanwhile cannot be restored: the localised error, and nothing changes', async ({
  page,
  request,
}) => {
  const voting = await startedVoting(request, {
    title: 'One voice per company: budget 2027',
    question: 'Do you approve the budget for 2027?',
    language: 'en',
    options: [
      { seq: 1, name: 'For the budget' },
      { seq: 2, name: 'Against the budget' },
    ],
    unit: 'company',
    maxResponses: 10,
  });
  await castVote(request, 'fedor.firstov@demo.test', voting, 'For the budget');

  await login(page, 'admin@demo.test');
  await page.goto(`/admin/voting/results/${voting.id}`);
  const { results, table, option, row } = resultsPage(page);
  const fedor = row('fedor.firstov@demo.test');
  await expect(fedor).toContainText('Valid');
  await fedor.getByRole('button', { name: 'Delete response' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the response?' });
  await dialog.getByRole('button', { name: 'Delete response' }).click();
  await expectToast(page, 'Response deleted');
  await expect(fedor).toContainText('Deleted');
  await expect(results).toContainText('Responses: 0 of 10');

  // The deletion freed the company's one response: a colleague votes, and the open page shows it by itself.
  await castVote(request, 'sofia.secondova@demo.test', voting, 'Against the budget');
  const sofia = row('sofia.secondova@demo.test');
  await expect(sofia).toContainText('Valid', POLLED);
  await expect(results).toContainText('Responses: 1 of 10', POLLED);

  await fedor.getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Error while trying to restore the response', 'This response cannot be restored: its place has since been taken.');
  await expect(fedor).toContainText('Deleted');
  await expect(fedor.getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(sofia).toContainText('Valid');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(results).toContainText('Responses: 1 of 10');
  await expect(option('For the budget')).toContainText('0 votes ·');
  await expect(option('Against the budget')).toContainText('1 vote ·');

  const log = await openVotingLog(page, 'admin', voting.title);
  await expect(log('Response deleted')).toContainText('Anna Adminova');
  await expect(log('Response restored')).toHaveCount(0);
});
