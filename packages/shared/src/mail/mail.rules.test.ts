import { describe, expect, it } from 'vitest';
import { isAllowedMailHref, isAllowedMailImage, messageProblems } from './mail.rules.ts';

describe('isAllowedMailHref', () => {
  it('takes web and mail addresses and {{link}}', () => {
    for (const href of [
      'https://aipm.ru/news',
      'http://example.com',
      'http://127.0.0.1:3000/x?a=1',
      'mailto:info@aipm.ru',
      '{{link}}',
      ' {{ link }} ',
    ]) {
      expect(isAllowedMailHref(href), href).toBe(true);
    }
  });

  it('refuses scripts, other schemes, half addresses and any other placeholder', () => {
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://example.com',
      'aipm.ru',
      'https://',
      '{{link}}/x',
      'mailto:',
      '{{name}}',
      '{{position}}',
    ]) {
      expect(isAllowedMailHref(href), href).toBe(false);
    }
  });

  it('takes images over http(s) only', () => {
    expect(isAllowedMailImage('https://portal.example/api/mail/image?name=a.png')).toBe(true);
    for (const src of ['{{link}}', 'data:image/png;base64,x', '//evil.example/x.png']) expect(isAllowedMailImage(src), src).toBe(false);
  });
});

describe('messageProblems', () => {
  it('names on each field its own placeholders: the missing ones on the body, the unknown ones where they stand', () => {
    const problems = messageProblems('resetPassword', {
      subjectEn: 'Code {{code}}',
      subjectRu: 'Пароль',
      bodyEn: '<p>Hi</p>',
      bodyRu: '<p>{{link}} {{title}}</p>',
    });
    expect(problems).toEqual({
      subjectEn: { key: 'validation.placeholdersUnknown', names: '{{code}}' },
      bodyEn: { key: 'validation.placeholdersMissing', names: '{{link}}' },
      bodyRu: { key: 'validation.placeholdersUnknown', names: '{{title}}' },
    });
    expect(messageProblems('resetPassword', { subjectEn: 'Reset', subjectRu: 'Сброс', bodyEn: '{{link}}', bodyRu: '{{ link }}' })).toEqual({});
  });
});
