import { account, committees, MAIL_TYPES, type MailType, mail } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actionLog, users } from '../../db/schema/index.ts';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  admin = await t.tokenFor('admin@demo.test');
  staff = await t.tokenFor('staff@demo.test');
});
afterAll(async () => {
  await t.close();
});

const ok = async (res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return (status === 204 || status === 202 ? undefined : res.json()) as never;
};
type Template = { id: number; type: string; builtin: boolean; name: string; subjectEn: string; subjectRu: string; bodyEn: string; bodyRu: string };
const builtin = async (type: MailType) => ((await ok(await t.api(mail.getByType.aipm, { type }, staff))) as Template[])[0]!;
const edit = (tpl: Template, over: Partial<Template>) =>
  t.api(
    mail.update,
    { id: tpl.id, name: tpl.name, subjectEn: tpl.subjectEn, subjectRu: tpl.subjectRu, bodyEn: tpl.bodyEn, bodyRu: tpl.bodyRu, ...over },
    admin,
  );
const speaksRussian = (email: string) => t.database.db.update(users).set({ locale: 'ru' }).where(eq(users.email, email));

describe('mail templates', () => {
  it('start as one built-in template per type, from the catalogue, as HTML', async () => {
    const list = (await ok(await t.api(mail.list.admin, undefined, admin))) as Template[];
    expect(new Set(list.filter((r) => r.builtin).map((r) => r.type))).toEqual(new Set(MAIL_TYPES));
    const reset = await builtin('resetPassword');
    expect(reset.subjectRu).toBe('Восстановление пароля');
    expect(reset.bodyEn).toContain('<p>Dear {{name}},</p>');
    expect(reset.bodyEn).toContain('<a href="{{link}}">{{link}}</a>');
  });

  it('an edited Russian body is what the next Russian e-mail of that type says, as HTML and as text', async () => {
    const reset = await builtin('resetPassword');
    const bodyRu = `${reset.bodyRu}<p>Служба поддержки: <strong>+7 495 000-00-00</strong>.</p>`;
    await ok(await edit(reset, { bodyRu }));
    await speaksRussian('employee@demo.test');
    await ok(await t.api(account.sendRestorePasswordEmail, { email: 'employee@demo.test' }), 202);
    await t.flushMail();
    const [sent] = t.mail;
    expect(sent?.html).toContain('<strong>+7 495 000-00-00</strong>');
    expect(sent?.text).toContain('Служба поддержки: +7 495 000-00-00.');
    expect(sent?.text).toMatch(/http:\/\/127\.0\.0\.1:3000\/reset-password\?code=[\w-]+/);
    // The English one is as it was.
    await ok(await t.api(account.sendRestorePasswordEmail, { email: 'ceo@demo.test' }), 202);
    await t.flushMail();
    expect(t.mail[1]?.text).not.toContain('+7 495');
    const [entry] = await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'template.updated'));
    expect(entry).toMatchObject({ domain: 'committee', entity: 'mailTemplate', entityId: reset.id });
    expect((entry!.after as { bodyRu: string }).bodyRu).toContain('Служба поддержки');
  });

  it('stores bodies without scripts, event handlers, frames or forms; values filled in are escaped', async () => {
    const reset = await builtin('resetPassword');
    const hostile = `<p onclick="steal()">Hi {{name}} <img src="https://img.example/a.png" onerror="alert(1)"><script>alert(2)</script></p><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="p"></form><a href="javascript:alert(3)">x</a> <a href="{{link}}">reset</a><a href="{{name}}">n</a><img src="{{link}}" alt="x">`;
    const saved = (await ok(await edit(reset, { bodyEn: hostile }))) as Template;
    expect(saved.bodyEn).not.toMatch(/script|onerror|onclick|iframe|form|input|javascript/);
    expect(saved.bodyEn).toContain('<img src="https://img.example/a.png" />');
    expect(saved.bodyEn).toContain('<a href="{{link}}">reset</a>');
    // Only {{link}} may be a whole address: a name filled into a link or an image could be made to point anywhere.
    expect(saved.bodyEn).toContain('<a>n</a><img alt="x" />');
    await t.database.db.update(users).set({ name: '<b>Egor</b>' }).where(eq(users.email, 'employee@demo.test'));
    await ok(await t.api(account.sendRestorePasswordEmail, { email: 'employee@demo.test' }), 202);
    await t.flushMail();
    expect(t.mail[0]?.html).toContain('Hi &lt;b&gt;Egor&lt;/b&gt;');
  });

  it('refuses a body without its required placeholders or with ones its type does not fill, naming them', async () => {
    const reset = await builtin('resetPassword');
    const missing = await edit(reset, { bodyEn: '<p>Hello {{name}}</p>' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ bodyEn: 'Add the placeholders this e-mail needs: {{link}}.' });
    const unknown = await edit(reset, { subjectRu: 'Пароль {{code}}' });
    expect(unknown.json().fields).toEqual({ subjectRu: 'This kind of e-mail does not fill these placeholders: {{code}}.' });
    const onlyScript = await edit(reset, { bodyRu: '<script>{{link}}</script>' });
    expect(onlyScript.json().fields).toEqual({ bodyRu: 'You must enter a value.' });
    expect((await builtin('resetPassword')).bodyEn).toBe(reset.bodyEn);
  });

  it('are added only for committee events; built-in ones and ones the settings choose are not deleted', async () => {
    const fields = {
      name: 'Short notice',
      subjectEn: 'Request: {{title}}',
      subjectRu: 'Заявка: {{title}}',
      bodyEn: '<p>{{person}} asked.</p>',
      bodyRu: '<p>{{person}} просит.</p>',
    };
    const single = await t.api(mail.create, { ...fields, type: 'resetPassword' }, admin);
    expect(single.json().fields).toEqual({ type: 'This kind of e-mail has one template: edit it instead.' });
    const made = (await ok(await t.api(mail.create, { ...fields, type: 'committeeRequestReceived' }, admin))) as Template;
    expect(made).toMatchObject({ builtin: false, type: 'committeeRequestReceived' });
    expect(((await ok(await t.api(mail.getByType.admin, { type: 'committeeRequestReceived' }, admin))) as Template[]).map((r) => r.builtin)).toEqual([
      true,
      false,
    ]);

    expect((await t.api(mail.remove, { id: (await builtin('votingCode')).id }, admin)).statusCode).toBe(409);
    const settings = (await ok(await t.api(committees.mailSettings.aipm, undefined, staff))) as { templates: Record<string, number> };
    await ok(await t.api(committees.updateMailSettings.aipm, { senderName: 'Secretariat', ...settings.templates, requestReceived: made.id }, staff));
    const inUse = await t.api(mail.remove, { id: made.id }, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe("This template is chosen in the committees' settings: choose another one there first.");
    await ok(await t.api(committees.updateMailSettings.aipm, { senderName: 'Secretariat', ...settings.templates }, staff));
    await ok(await t.api(mail.remove, { id: made.id }, admin), 204);
    const actions = (await t.database.db.select({ a: actionLog.action }).from(actionLog).where(eq(actionLog.domain, 'committee'))).map((r) => r.a);
    expect(actions).toEqual(['template.created', 'settings.updated', 'settings.updated', 'template.deleted']);
  });

  it('preview with sample data and send a test to the caller', async () => {
    const trial = {
      type: 'votingCode',
      locale: 'ru',
      subject: 'Код: {{code}}',
      body: '<p>{{name}}, ваш код <b>{{code}}</b></p><script>x</script>',
    } as const;
    const preview = (await ok(await t.api(mail.preview.aipm, trial, staff))) as { subject: string; html: string; text: string };
    expect(preview).toEqual({ subject: 'Код: 482913', html: '<p>Анна Смирнова, ваш код <b>482913</b></p>', text: 'Анна Смирнова, ваш код 482913' });
    await ok(await t.api(mail.testSend.aipm, trial, staff), 202);
    await t.flushMail();
    expect(t.mail).toMatchObject([{ to: 'staff@demo.test', subject: 'Код: 482913' }]);
  });

  it('take images checked by content, at most 2 MB, and serve them without login', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const up = await t.api(mail.addImage, undefined, admin, {
      file: { field: 'image', filename: 'logo.png', content: png, contentType: 'image/png' },
    });
    const { url } = (await ok(up)) as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/mail\/image\?name=[0-9a-f-]{36}\.png$/);
    const served = await t.call('GET', url.replace('http://127.0.0.1:3000', ''));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const [logged] = await t.database.db.select().from(actionLog).where(eq(actionLog.action, 'template.imageAdded'));
    expect(logged).toMatchObject({ entity: 'mailTemplate', after: { image: url, fileName: 'logo.png' } });

    const fake = await t.api(mail.addImage, undefined, admin, {
      file: { field: 'image', filename: 'logo.png', content: '<svg onload="x()"/>', contentType: 'image/png' },
    });
    expect(fake.json().fields).toEqual({ image: 'Choose a PNG, JPEG, GIF or WebP image.' });
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const large = await t.api(mail.addImage, undefined, admin, {
      file: { field: 'image', filename: 'big.png', content: big, contentType: 'image/png' },
    });
    expect(large.json().fields).toEqual({ image: 'The image must be at most 2 MB.' });
  });
});

describe("the committees' mail settings", () => {
  it('choose the template and the sender name of committee e-mails; a template of another type is refused', async () => {
    const settings = (await ok(await t.api(committees.mailSettings.admin, undefined, admin))) as {
      senderName: string;
      templates: Record<string, number>;
    };
    expect(settings.senderName).toBe('AIPM Committees');
    const wrong = await t.api(
      committees.updateMailSettings.admin,
      { senderName: 'Secretariat', ...settings.templates, memberAdded: settings.templates.mailing! },
      admin,
    );
    expect(wrong.json().fields).toEqual({ memberAdded: 'Choose a template made for this event.' });
    const badName = await t.api(committees.updateMailSettings.admin, { senderName: 'Evil <x@y>', ...settings.templates }, admin);
    expect(badName.statusCode).toBe(400);

    const welcome = (await ok(
      await t.api(
        mail.create,
        {
          type: 'committeeMemberAdded',
          name: 'Welcome',
          subjectEn: 'Welcome to {{title}}',
          subjectRu: 'Добро пожаловать: {{title}}',
          bodyEn: '<p>{{name}}: {{position}} from {{since}}.</p>',
          bodyRu: '<p>{{name}}: {{position}} с {{since}}.</p>',
        },
        admin,
      ),
    )) as Template;
    await ok(
      await t.api(
        committees.updateMailSettings.admin,
        { senderName: 'Committee secretariat', ...settings.templates, memberAdded: welcome.id },
        admin,
      ),
    );
    const committee = (await ok(await t.api(committees.committee.add, { nameEn: 'Pricing', nameRu: 'Ценообразование' }, admin))) as { id: number };
    const [person] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'employee@demo.test'));
    await speaksRussian('employee@demo.test');
    await ok(
      await t.api(committees.addMember.aipm, { committeeId: committee.id, userId: person!.id, position: 'chair', since: '2026-12-01' }, staff),
    );
    await t.flushMail();
    expect(t.mail).toMatchObject([
      { to: 'employee@demo.test', subject: 'Добро пожаловать: Ценообразование', from: '"Committee secretariat" <no-reply@aipm.test>' },
    ]);
    expect(t.mail[0]?.text).toBe('Egor: Председатель с 2026-12-01.');
  });
});
