import type { Repositories } from '../store.port.js';
import type { Clock } from '../shared/clock.port.js';
import { MINUTE_MS, addMs } from '../shared/time.js';
import type { MailConfiguration } from './mail-configuration.js';
import type { NewQueuedMail, QueuedMail } from './mail-outbox-store.port.js';
import { type Mailer, MailRefused, MailUnreachable } from './mailer.port.js';
import { isOpenLink } from '../accounts/setup-links.js';

/**
 * How long a claimed mail is hidden from other instances while one sends it: longer than a send
 * may take (a `Mailer` gives up within a minute). A pass claims one mail at a time, so however
 * many mails it works off, each is leased only while it is being sent.
 */
const LEASE_MS = 2 * MINUTE_MS;
/** Waits between attempts: 30 s, doubling, at most 30 minutes. */
const FIRST_RETRY_MS = 30_000;
const LAST_RETRY_MS = 30 * MINUTE_MS;

/** What became of one mail. */
export type Delivery =
  | { outcome: 'sent' }
  /** Refused for good by the server (a 5xx reply): dropped. */
  | { outcome: 'refused'; reply: string }
  /** Not sent this time (unreachable, a 4xx reply, mail off): tried again later. */
  | { outcome: 'deferred'; reason: string; retryAt: Date }
  /** Its link has expired: dropped unsent. */
  | { outcome: 'expired' }
  /** Its link was used, revoked or replaced meanwhile (a password or an address changed): dropped unsent. */
  | { outcome: 'revoked' }
  /** Another instance holds it right now. */
  | { outcome: 'busy' };

export interface DeliveryReport {
  id: number;
  kind: QueuedMail['kind'];
  delivery: Delivery;
}

export interface MailOutboxDependencies {
  store: Pick<Repositories, 'mailOutbox' | 'links'>;
  clock: Clock;
  mailer: Mailer;
  configuration: MailConfiguration;
}

/**
 * Mail that must go out, delivered so that none is lost: queued in the same transaction as the
 * link it carries, sent now or by the next pass of any instance, retried with growing waits while
 * the server is unreachable, kept across restarts, and dropped only when refused for good or when
 * its link has expired or is no longer open (used, revoked, replaced).
 */
export class MailOutbox {
  /** Called with what became of every mail the outbox handled, as it happens (the composition root logs it). */
  onDelivered: (reports: DeliveryReport[]) => void = () => undefined;
  /** The pass under way, and the one asked for meanwhile (it starts when the first ends). */
  private running: Promise<DeliveryReport[]> | null = null;
  private next: Promise<DeliveryReport[]> | null = null;
  private stopped = false;

  constructor(private readonly deps: MailOutboxDependencies) {}

  /** Queues a mail in the caller's transaction: it goes out only if that transaction commits. */
  enqueue(tx: Pick<Repositories, 'mailOutbox'>, entry: NewQueuedMail): Promise<number> {
    return tx.mailOutbox.add(entry);
  }

  /** Starts a pass in the background (after a commit that queued mail); never throws. */
  deliverSoon(): void {
    this.deliverDue().catch(() => undefined);
  }

  /**
   * Sends what is due, up to `limit` mails; one pass at a time on this instance. Asked while a
   * pass runs, it answers the next pass, which starts when that one ends: mail queued meanwhile
   * goes out, and however often it is asked, no more than one pass waits behind a slow server.
   */
  deliverDue(limit = 20): Promise<DeliveryReport[]> {
    if (this.next) return this.next;
    if (!this.running) return this.startPass(limit);
    this.next = this.running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.startPass(limit);
      });
    return this.next;
  }

  /**
   * Starts no more passes; the pass under way ends after the mail it is sending. Resolves once it
   * has (at shutdown, before the database closes).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([this.running, this.next]);
  }

  /** Sends one queued mail now, while a request waits for the outcome. */
  async deliverNow(id: number): Promise<Delivery> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const mail = await store.mailOutbox.claim(id, now, addMs(now, LEASE_MS));
    if (!mail) return { outcome: 'busy' };
    const delivery = await this.deliver(mail);
    this.onDelivered([{ id, kind: mail.kind, delivery }]);
    return delivery;
  }

  private startPass(limit: number): Promise<DeliveryReport[]> {
    if (this.stopped) return Promise.resolve([]);
    const pass: Promise<DeliveryReport[]> = this.pass(limit).finally(() => {
      if (this.running === pass) this.running = null;
    });
    this.running = pass;
    return pass;
  }

  private async pass(limit: number): Promise<DeliveryReport[]> {
    const { store, clock } = this.deps;
    const reports: DeliveryReport[] = [];
    while (reports.length < limit && !this.stopped) {
      const now = clock.now();
      const [mail] = await store.mailOutbox.claimDue(now, addMs(now, LEASE_MS), 1);
      if (!mail) break;
      const report = { id: mail.id, kind: mail.kind, delivery: await this.deliver(mail) };
      this.onDelivered([report]);
      reports.push(report);
    }
    return reports;
  }

  private async deliver(mail: QueuedMail): Promise<Delivery> {
    const { store, clock, mailer, configuration } = this.deps;
    const now = clock.now();
    if (now >= mail.giveUpAt) {
      await store.mailOutbox.remove(mail.id);
      return { outcome: 'expired' };
    }
    if (mail.linkDigest !== null) {
      if (!isOpenLink(await store.links.find(mail.linkDigest), now)) {
        await store.mailOutbox.remove(mail.id);
        return { outcome: 'revoked' };
      }
    }
    const inForce = await configuration.inForce();
    try {
      if (!inForce) throw new MailUnreachable('mail is not configured');
      await mailer.send(inForce.server, mail.mail);
      await store.mailOutbox.remove(mail.id);
      return { outcome: 'sent' };
    } catch (error) {
      if (error instanceof MailRefused && error.reply.startsWith('5')) {
        await store.mailOutbox.remove(mail.id);
        return { outcome: 'refused', reply: error.reply };
      }
      const reason =
        error instanceof MailRefused
          ? error.reply
          : error instanceof MailUnreachable
            ? error.reason
            : ((error as Error)?.message ?? String(error));
      const retryAt = addMs(clock.now(), Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** mail.attempts));
      await store.mailOutbox.failed(mail.id, reason, retryAt);
      return { outcome: 'deferred', reason, retryAt };
    }
  }
}
