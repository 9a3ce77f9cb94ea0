import { describe, expect, it } from 'vitest';
import { isAllowedHref } from './rich-text-links.ts';

describe('isAllowedHref', () => {
  it('takes web and mail addresses and a placeholder', () => {
    for (const href of ['https://aipm.ru/news', 'http://example.com', 'mailto:info@aipm.ru', '{{link}}', ' {{ link }} ']) {
      expect(isAllowedHref(href), href).toBe(true);
    }
  });

  it('refuses scripts, other schemes and half addresses', () => {
    for (const href of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com', 'aipm.ru', 'https://', '{{link}}/x', 'mailto:']) {
      expect(isAllowedHref(href), href).toBe(false);
    }
  });
});
