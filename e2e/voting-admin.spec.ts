// Staff administer votings: the voting log in words (in English and in Russian), the companies that may vote chosen by
// a server-side search, and a voting sent back to planning with its votes deleted only after a second, informed confirmation.
import { expect } from '@playwright/test';
import { castVote, expectToast, fillNewVoting, login, openVotingLog, startedVoting, test } from './fixtures.ts';

/** Codes that must never reach the reader: the statuses and the log's own field names as stored. */
const RAW_CODES = /\b(planned|started|stopped|valid|rejected|deleted|quorumReached|validResponses|automatic|responseId|voter|reason|status)\b/;

test('the voting log reads in words: a stopped voting and a rejected response, in English and in Russian', async ({ page, request }) => {
  const voting = await startedVoting(request, {
    title: 'Readable log: treasurer',
    question: 'Who should be the treasurer?',
    language: 'en',
    options: [
      { seq: 1, name: 'Olga Orlova' },
      { seq: 2, name: 'Pyotr Petrov' },
    ],
    maxResponses: 10,
  });
  await castVote(request, 'lev.logov@demo.test', voting, 'Pyotr Petrov');

  await login(page, 'lidia.logova@demo.test');
  await page.goto(`/aipm/voting/results/${voting.id}`);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.getByRole('dialog', { name: 'Stop the voting?' }).getByRole('button', { name: 'Stop' }).click();
  await expectToast(page, `Voting “${voting.title}” stopped`);
  const lev = page.getByRole('table', { name: 'Responses', exact: true }).getByRole('row').filter({ hasText: 'lev.logov@demo.test' });
  await lev.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject the response of Lev Logov' });
  await reject.getByLabel('Reason').fill('Cast from a shared mailbox');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expectToast(page, 'Response rejected');
  await expect(lev).toContainText('Rejected');

  const log = await openVotingLog(page, 'aipm', voting.title);
  const stopped = log('Started → Stopped');
  await expect(stopped).toHaveCount(1);
  await expect(stopped).toContainText('Lidia Logova');
  await expect(stopped).toContainText('Status');
  await expect(stopped).toContainText('Valid responses');
  await expect(stopped).toContainText('Automatic');
  const rejected = log('Response rejected');
  await expect(rejected).toHaveCount(1);
  await expect(rejected).toContainText('Lidia Logova');
  await expect(rejected).toContainText('VoterLev Logov');
  await expect(rejected).toContainText('StatusValid → Rejected');
  await expect(rejected).toContainText('ReasonCast from a shared mailbox');
  for (const entry of [stopped, rejected, log('Created')]) await expect(entry).not.toContainText(RAW_CODES);

  await page.getByRole('button', { name: 'RU', exact: true }).click();
  const ru = page.getByRole('table', { name: 'Журнал голосований', exact: true }).getByRole('row').filter({ hasText: voting.title });
  const stoppedRu = ru.filter({ hasText: 'Идёт → Остановлено' });
  await expect(stoppedRu).toHaveCount(1);
  await expect(stoppedRu).toContainText('Статус');
  await expect(stoppedRu).toContainText('Действительных ответов');
  const rejectedRu = ru.filter({ hasText: 'Ответ отклонён' });
  await expect(rejectedRu).toContainText('ГолосующийLev Logov');
  await expect(rejectedRu).toContainText('СтатусДействителен → Отклонён');
  await expect(rejectedRu).toContainText('ПричинаCast from a shared mailbox');
  for (const entry of [stoppedRu, rejectedRu]) await expect(entry).not.toContainText(RAW_CODES);
});

test('staff choose the companies that may vote by searching the server; the voting shows the chosen company by name', async ({ page }) => {
  await login(page, 'staff@demo.test');
  await fillNewVoting(page, {
    title: 'Chosen companies: pricing working group',
    question: 'Should the pricing working group be renewed?',
    startsIn: 60,
    endsIn: 180,
    options: ['Renew', 'Close'],
  });
  await page.getByRole('combobox', { name: 'Who may vote' }).click();
  await page.getByRole('option', { name: 'Chosen companies' }).click();
  const companies = page.getByRole('combobox', { name: 'Companies' });
  await companies.fill('emo Pha');
  await page.getByRole('option', { name: 'Demo Pharma', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Demo Pharma', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Voting “Chosen companies: pricing working group” created');
  await expect(page).toHaveURL(/\/aipm\/voting\/results\/\d+$/);

  // Only the chosen company is called to vote.
  const turnout = page.getByRole('table', { name: 'Turnout', exact: true });
  await expect(turnout.getByRole('row')).toHaveCount(2);
  await expect(turnout.getByRole('row').nth(1)).toContainText('Demo Pharma');

  await page.goto(page.url().replace('/results/', '/edit/'));
  await expect(page.getByRole('combobox', { name: 'Who may vote' })).toHaveText('Chosen companies');
  await expect(page.getByRole('button', { name: 'Demo Pharma', exact: true })).toBeVisible();
});

test('a voting sent back to planning with a vote is deleted only after a second confirmation that names the vote', async ({ page, request }) => {
  const voting = await startedVoting(request, {
    title: 'Back to planning: logistics committee',
    question: 'Who should lead the logistics committee?',
    language: 'en',
    options: [
      { seq: 1, name: 'Irina Ivanova' },
      { seq: 2, name: 'Kirill Kozlov' },
    ],
  });
  await castVote(request, 'gleb.goneov@demo.test', voting, 'Kirill Kozlov');

  await login(page, 'staff@demo.test');
  await page.goto('/aipm/voting/list');
  await page.getByLabel('Search').fill(voting.title);
  const row = page.getByRole('table', { name: 'Votings', exact: true }).getByRole('row').filter({ hasText: voting.title });
  await expect(row).toContainText('Started');
  await row.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('dialog', { name: 'Stop the voting?' }).getByRole('button', { name: 'Stop' }).click();
  await expectToast(page, `Voting “${voting.title}” stopped`);
  await row.getByRole('button', { name: 'Back to planning' }).click();
  await page.getByRole('dialog', { name: 'Back to planning?' }).getByRole('button', { name: 'Back to planning' }).click();
  await expectToast(page, `Voting “${voting.title}” is planned again`);
  await expect(row).toContainText('Planned');

  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the voting?' });
  await expect(dialog).toContainText(`“${voting.title}” will be deleted for good.`);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  // The first confirmation deletes nothing: the dialog stays, now with the count of votes that would go.
  const warning = 'Deleting this voting also deletes the 1 vote already cast, for good. Confirm to go on.';
  await expect(dialog.getByRole('alert')).toHaveText(warning);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Planned');

  await row.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(warning);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, `Voting “${voting.title}” deleted`);
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  const log = await openVotingLog(page, 'aipm', voting.title);
  await expect(log('Deleted')).toContainText('Votes deleted1');
});

test('staff who untick the e-mail code are warned, in both languages, and the voting page says its votes are not confirmed', async ({ page }) => {
  await login(page, 'staff@demo.test');
  await fillNewVoting(page, { title: 'Show of hands', question: 'Shall we break for lunch?', startsIn: 5, endsIn: 120, options: ['Yes', 'No'] });
  await expect(page.getByTestId('voting-no-code-warning')).toHaveCount(0);
  await page.getByLabel('Confirm the e-mail with a one-time code on the public form').uncheck();
  await expect(page.getByTestId('voting-no-code-warning')).toHaveText(
    "Without the code, anyone who has the link and knows a member's e-mail address can vote in that member's name.",
  );
  await page.getByRole('button', { name: 'RU', exact: true }).click();
  await expect(page.getByTestId('voting-no-code-warning')).toContainText('может проголосовать от его имени');
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/aipm\/voting\/results\/\d+$/);
  await expect(page.getByTestId('voting-no-code-notice')).toContainText('This voting takes votes without e-mail confirmation');
  await expect(page.getByText('None: the votes are taken without e-mail confirmation')).toBeVisible();
});
