import type { Response } from 'express';
import { PAGE_CSP } from './setup.page.js';

/** One of Larder's own script-free pages: strict policy, never cached, never indexed, no referrer. */
export function sendPage(res: Response, status: number, body: string): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CSP,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    })
    .send(body);
}
