import type { Response } from 'express';
import { PAGE_CSP } from './setup.page.js';

/**
 * One of Larder's own script-free pages: strict policy, never cached, never indexed, and a referrer
 * for Larder alone (`same-origin`: its forms' posts then carry the page's Origin, which the
 * cross-site check wants; `no-referrer` would send `Origin: null`, like a forged post).
 */
export function sendPage(res: Response, status: number, body: string): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CSP,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'same-origin',
      'X-Robots-Tag': 'noindex',
    })
    .send(body);
}
