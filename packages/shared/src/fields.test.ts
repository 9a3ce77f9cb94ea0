import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordBody, loginBody, profileBody, setPasswordBody, signupBody } from './account/account.schemas.ts';
import { email, id, latinOnly, newPassword, noCommas, phone, requiredCheckbox, requiredMultiline, requiredText } from './fields.ts';
import { translate } from './i18n/index.ts';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => translate('en', i.message));
};
const firstMessage = (schema: z.ZodType, value: unknown) => messages(schema, value)[0];

describe('e-mail', () => {
  it('accepts a valid address, trimmed and lower-cased', () => {
    expect(email.parse('  Ivan.Petrov@Acme.Test ')).toBe('ivan.petrov@acme.test');
  });
  it.each(['', 'ivan', 'ivan@', '@acme.test', 'ivan@acme', 'iv an@acme.test', 'ivan@acme..test'])('refuses %j', (value) => {
    expect(firstMessage(email, value)).toBe(value === '' ? 'You must enter a value.' : 'Please enter a valid e-mail.');
  });
  it('says "Please enter a valid e-mail." in Russian as its translation', () => {
    expect(translate('ru', 'validation.email')).toBe('Пожалуйста, введите корректную эл. почту.');
  });
});

describe('password', () => {
  it('needs 8 characters with digits, upper and lower case', () => {
    expect(firstMessage(newPassword, '')).toBe('You must enter a value.');
    expect(firstMessage(newPassword, 'Ab1')).toBe('The password must be at least 8 characters long.');
    expect(firstMessage(newPassword, 'abcdefgh1')).toBe('The password must contain digits, upper-case and lower-case letters.');
    expect(firstMessage(newPassword, 'ABCDEFGH1')).toBe('The password must contain digits, upper-case and lower-case letters.');
    expect(firstMessage(newPassword, 'Abcdefghi')).toBe('The password must contain digits, upper-case and lower-case letters.');
    expect(newPassword.safeParse('Abcdefg1').success).toBe(true);
    expect(newPassword.safeParse('Пароль12345').success).toBe(true);
  });
  it('accepts every string of 8+ characters that has a digit, an upper- and a lower-case letter', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 5, maxLength: 60 }), (rest) => {
        expect(newPassword.safeParse(`Aa1${rest}`).success).toBe(true);
      }),
    );
  });
  it('must match its confirmation and differ from the current one', () => {
    expect(messages(setPasswordBody, { registrationCode: 'c', password: 'Abcdefg1', passwordConfirmation: 'Abcdefg2' })).toEqual([
      'Passwords do not match.',
    ]);
    expect(messages(changePasswordBody, { currentPassword: 'Abcdefg1', password: 'Abcdefg1', passwordConfirmation: 'Abcdefg1' })).toEqual([
      'The new password must differ from the current one.',
    ]);
    expect(translate('ru', 'validation.passwordsMismatch')).toBe('Пароли не совпадают.');
  });
});

describe('phone', () => {
  it.each(['+7 (495) 123-45-67', '84951234567', '+441234567890', '1234567890', '+123456789012345'])('accepts %j', (value) => {
    expect(phone.safeParse(value).success).toBe(true);
  });
  it.each(['123456789', '+1234567890123456', '+7 495 abc 45 67', '++71234567890', '7-495-123-45-6x'])('refuses %j', (value) => {
    expect(firstMessage(phone, value)).toBe('Please enter a valid phone number.');
  });
  it('accepts any 10 to 15 digits whatever the separators', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10,15}$/), fc.boolean(), (digits, plus) => {
        const spaced = digits.replace(/(\d{3})/g, '$1 ').replace(/^(\d)/, '($1)');
        expect(phone.safeParse(`${plus ? '+' : ''}${spaced}`).success).toBe(true);
      }),
    );
  });
});

describe('generic fields', () => {
  it('requires a value: "You must enter a value." / "Необходимо заполнить поле."', () => {
    expect(firstMessage(requiredText(), '   ')).toBe('You must enter a value.');
    expect(firstMessage(requiredText(), undefined)).toBe('You must enter a value.');
    expect(translate('ru', 'validation.required')).toBe('Необходимо заполнить поле.');
    expect(translate('ru', 'validation.invalid')).toBe('Некорректное значение.');
  });
  it('keeps positions in Latin characters', () => {
    expect(latinOnly().safeParse("Head of R&D, Müller's team (EU) 2").success).toBe(true);
    expect(firstMessage(latinOnly(), 'Директор')).toBe('Use Latin characters only.');
  });
  it('refuses commas where they are not allowed', () => {
    expect(firstMessage(noCommas(), 'a, b')).toBe('Commas are not allowed.');
  });
  it('requires the consent checkbox, from JSON or a form', () => {
    const consent = requiredCheckbox('validation.consent');
    for (const v of [true, 'on', 'true', '1']) expect(consent.safeParse(v).success).toBe(true);
    for (const v of [false, '', 'off', undefined]) expect(firstMessage(consent, v)).toBe('You must agree to the processing of personal data.');
  });
});

describe('account forms', () => {
  it('require company, name, surname and position on signup', () => {
    const r = signupBody.safeParse({});
    expect(r.success).toBe(false);
    const paths = r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    expect(new Set(paths)).toEqual(new Set(['company', 'name', 'surname', 'position', 'phone', 'email', 'consent']));
  });
  it('take optional references on the profile', () => {
    expect(profileBody.parse({ name: 'A', surname: 'B', position: 'C', phone: '+71234567890', regionId: '', jobGroupId: '3' })).toMatchObject({
      regionId: null,
      jobGroupId: 3,
    });
  });
  it('never refuse a login for password strength', () => {
    expect(loginBody.safeParse({ email: 'a@b.cd', password: 'x' }).success).toBe(true);
  });
});

describe('what the database can hold', () => {
  it('keeps a single line single: no line breaks, tabs, controls, direction overrides or lone surrogates; emoji and Cyrillic pass', () => {
    const SINGLE = 'Use one line of plain text: line breaks, tabs, control and text-direction characters are not allowed.';
    for (const bad of ['Ac\nme', 'Ac\rme', 'Ac\tme', 'Ac\u0085me', 'Ac\u202Eme', 'Ac\u2066me', 'a\u0000b', '\ud800 x', 'x \udfff y']) {
      expect(firstMessage(requiredText(), bad), JSON.stringify(bad)).toBe(SINGLE);
    }
    expect(requiredText().parse(' Привет 👋 ')).toBe('Привет 👋');
    expect(firstMessage(email, 'a\u0000@acme.test')).toBe('Please enter a valid e-mail.');
  });
  it('keeps the line breaks and tabs of a text of several lines, and refuses the other controls', () => {
    expect(requiredMultiline(100).parse('First line\r\nSecond\tline')).toBe('First line\r\nSecond\tline');
    const BAD = 'The value contains characters that are not allowed (control or text-direction characters).';
    for (const bad of ['a\u0000b', 'a\u0085b', 'a\u202Eb', 'a\u2069b', '\ud800 x']) expect(firstMessage(requiredMultiline(100), bad)).toBe(BAD);
  });
  it('keeps ids and counts inside the integer column', () => {
    expect(id.parse('2147483647')).toBe(2_147_483_647);
    for (const value of [2_147_483_648, 2 ** 53 - 1, 0, -1, 1.5, '1e400', 'x']) expect(firstMessage(id, value)).toBe('Invalid value.');
  });
});
