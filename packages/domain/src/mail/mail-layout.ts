import type { Locale } from '../accounts/account.js';
import type { OutgoingMail } from './mailer.port.js';
import { escapeHtml, headerValue, mailLink, withoutLineBreaks } from './mail-text.js';
import type { MailLanguage, MailWording } from './wording.js';

/** A value put into the words: text (a name, a duration) or a link. */
export type MailValue = string | { link: string };

/** One mail before it is laid out: its words, the values for them, and where its button leads. */
export interface MailPlan {
  to: string;
  locale: Locale;
  language: MailLanguage;
  wording: MailWording;
  /** The values the words name; `site` (the household's address) is always among them. */
  values: Record<string, MailValue> & { site: { link: string } };
  /** Where the button leads, when the wording has one. */
  action?: string;
}

/** Lays a mail out twice, as plain text and as simple inline-styled HTML (no images, nothing fetched). */
export function layOut(plan: MailPlan): OutgoingMail {
  return {
    to: headerValue(plan.to, 'recipient address'),
    subject: headerValue(plan.wording.subject, 'subject'),
    text: asText(plan),
    html: asHtml(plan),
  };
}

function asText(plan: MailPlan): string {
  const { wording, language, values } = plan;
  const fillText = (template: string) =>
    fill(
      template,
      values,
      (literal) => literal,
      (value) => (typeof value === 'string' ? withoutLineBreaks(value) : mailLink(value.link)),
    );
  const blocks = wording.lead.map(fillText);
  if (wording.action && plan.action) blocks.push(mailLink(plan.action));
  blocks.push(...wording.notes.map(fillText));
  return `${blocks.join('\n\n')}\n\n-- \n${fillText(language.signature)}\n`;
}

const PAGE =
  'margin:0;padding:24px 12px;background-color:#f4efe7;color:#2b2722;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5';
const CARD = 'max-width:560px;margin:0 auto;padding:24px;background-color:#ffffff;border-radius:8px';
const PARAGRAPH = 'margin:0 0 16px';
const BUTTON =
  'display:inline-block;padding:10px 20px;background-color:#7a4a1e;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600';
const SMALL = 'margin:0 0 12px;font-size:14px;color:#5b554d';
const LINK = 'color:#7a4a1e;word-break:break-all';
const SIGNATURE =
  'margin:24px 0 0;padding-top:16px;border-top:1px solid #e4ddd2;font-size:13px;color:#857d73';

function asHtml(plan: MailPlan): string {
  const { wording, language, values } = plan;
  const fillHtml = (template: string) => fill(template, values, escapeHtml, htmlValue);
  const parts = wording.lead.map((template) => `<p style="${PARAGRAPH}">${fillHtml(template)}</p>`);
  if (wording.action && plan.action) {
    const href = escapeHtml(mailLink(plan.action));
    parts.push(
      `<p style="margin:24px 0"><a href="${href}" style="${BUTTON}">${escapeHtml(wording.action)}</a></p>`,
      `<p style="${SMALL}">${escapeHtml(language.linkFallback)}<br><a href="${href}" style="${LINK}">${href}</a></p>`,
    );
  }
  parts.push(...wording.notes.map((template) => `<p style="${SMALL}">${fillHtml(template)}</p>`));
  parts.push(`<p style="${SIGNATURE}">${fillHtml(language.signature)}</p>`);
  return [
    '<!DOCTYPE html>',
    `<html lang="${plan.locale}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(wording.subject)}</title></head>`,
    `<body style="${PAGE}">`,
    `<div style="${CARD}">`,
    ...parts,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function htmlValue(value: MailValue): string {
  if (typeof value === 'string') return `<strong>${escapeHtml(withoutLineBreaks(value))}</strong>`;
  const href = escapeHtml(mailLink(value.link));
  return `<a href="${href}" style="${LINK}">${href}</a>`;
}

/**
 * Puts values where the words name them (`{inviter}`), in one pass: a value that itself reads
 * `{username}` stays as written. A name the words use but the plan lacks is a bug and stops the mail.
 */
function fill(
  template: string,
  values: Record<string, MailValue>,
  literal: (text: string) => string,
  value: (value: MailValue) => string,
): string {
  return template
    .split(/\{(\w+)\}/u)
    .map((part, i) => {
      if (i % 2 === 0) return literal(part);
      const named = Object.hasOwn(values, part) ? values[part] : undefined;
      if (named === undefined) throw new Error(`the mail's words name {${part}}, which has no value`);
      return value(named);
    })
    .join('');
}
