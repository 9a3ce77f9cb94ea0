import { isAllowedMailHref, isAllowedMailImage } from '@portal/shared';
import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

/**
 * What a mail body may hold: text formatting, lists, tables, links and images by address. No scripts, styles,
 * event handlers, frames or forms; links only to the web and mail; images only over http(s). {{link}} as a link's
 * address is kept: it is filled, escaped, when the mail is rendered.
 */
const MAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'div',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A relative address passes the schemes above, and a placeholder looks like one: a link keeps only an address
  // `isAllowedMailHref` takes (of placeholders, {{link}} alone), an image only an http(s) one.
  transformTags: {
    a: (tagName, { href, ...attribs }) => ({ tagName, attribs: href !== undefined && isAllowedMailHref(href) ? { href, ...attribs } : attribs }),
    img: (tagName, { src, ...attribs }) => ({ tagName, attribs: src !== undefined && isAllowedMailImage(src) ? { src, ...attribs } : attribs }),
  },
};

/** A mail body as it may be stored: everything outside MAIL_HTML removed. */
export const sanitizeMailHtml = (html: string): string => sanitizeHtml(html, MAIL_HTML).trim();

/** The plain-text part of a mail, made from its HTML (links as "text [address]", images left out). */
export const htmlToText = (html: string): string =>
  convert(html, {
    // Mail clients wrap lines themselves; a wrapped placeholder would be broken once filled.
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'hr', options: { length: 24 } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
    ],
  });

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);

/**
 * A plain text written in the catalogue as HTML: paragraphs at blank lines, line breaks kept, and a line that is
 * only {{link}} made a link.
 */
export const textToHtml = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map(
      (para) =>
        `<p>${para
          .split('\n')
          .map((line) => (line.trim() === '{{link}}' ? '<a href="{{link}}">{{link}}</a>' : escapeHtml(line)))
          .join('<br>')}</p>`,
    )
    .join('');
