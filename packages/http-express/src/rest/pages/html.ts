import { createHash } from 'node:crypto';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** A tagged template whose interpolations are escaped unless wrapped in `raw()`. Named `markup`, not `html`, so that formatters leave page text alone. */
export interface RawHtml {
  readonly __html: string;
}

export function raw(html: string): RawHtml {
  return { __html: html };
}

export function markup(strings: TemplateStringsArray, ...values: unknown[]): RawHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value];
    for (const part of parts) {
      if (part === null || part === undefined || part === false) continue;
      out +=
        typeof part === 'object' && '__html' in (part as object)
          ? (part as RawHtml).__html
          : escapeHtml(String(part));
    }
    out += strings[i + 1] ?? '';
  });
  return raw(out);
}

/** `sha256-…` source of an inline style, for a Content-Security-Policy without 'unsafe-inline'. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}
