import type { OutgoingMail } from './mailer.port.js';

/** What kind of mail a queued one is (for logs and metrics). */
export type QueuedMailKind = 'password_reset' | 'password_reset_hint' | 'address_confirmation';

export interface NewQueuedMail {
  kind: QueuedMailKind;
  accountId: string | null;
  mail: OutgoingMail;
  createdAt: Date;
  /** After this the mail means nothing any more (its link has expired): it is dropped unsent. */
  giveUpAt: Date;
  /**
   * The digest of the one-time link the mail carries: once that link is no longer open (used,
   * revoked, replaced by a newer one), the mail is dropped unsent. Null: it carries none.
   */
  linkDigest: string | null;
}

export interface QueuedMail extends NewQueuedMail {
  id: number;
  attempts: number;
}

/**
 * Mail that must go out, kept in the database until it has: written in the same transaction as
 * the link it carries, claimed under a lease so that no two instances send one mail twice.
 */
export interface MailOutboxRepository {
  add(entry: NewQueuedMail): Promise<number>;
  /** Takes up to `limit` mails due at `now`, hiding them from other instances until `leaseUntil`. */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<QueuedMail[]>;
  /** Takes one mail by id if it is not leased by somebody else (to send it right away). */
  claim(id: number, now: Date, leaseUntil: Date): Promise<QueuedMail | null>;
  /** The mail went out, or will never go: it is removed (its body holds a one-time link). */
  remove(id: number): Promise<void>;
  /** Records a failed attempt; the mail comes due again at `retryAt`. */
  failed(id: number, error: string, retryAt: Date): Promise<void>;
  /** How many mails wait, and how many of them failed at least once. */
  counts(): Promise<{ waiting: number; failing: number }>;
}
