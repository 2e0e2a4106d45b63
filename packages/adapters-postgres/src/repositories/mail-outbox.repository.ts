import type { MailOutboxRepository, NewQueuedMail, QueuedMail, QueuedMailKind } from '@larder/domain';
import { type Selectable, sql } from 'kysely';
import type { MailOutboxTable } from '../schema.js';
import type { Executor } from './executor.js';

function queuedFromRow(row: Selectable<MailOutboxTable>): QueuedMail {
  return {
    id: Number(row.id),
    kind: row.kind as QueuedMailKind,
    accountId: row.account_id,
    mail: { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body },
    createdAt: row.created_at,
    giveUpAt: row.give_up_at,
    linkDigest: row.link_digest,
    attempts: row.attempts,
  };
}

export class PostgresMailOutboxRepository implements MailOutboxRepository {
  constructor(private readonly db: Executor) {}

  async add(entry: NewQueuedMail): Promise<number> {
    const row = await this.db
      .insertInto('mail_outbox')
      .values({
        kind: entry.kind,
        account_id: entry.accountId,
        to_address: entry.mail.to,
        subject: entry.mail.subject,
        text_body: entry.mail.text,
        html_body: entry.mail.html,
        created_at: entry.createdAt,
        not_before: entry.createdAt,
        give_up_at: entry.giveUpAt,
        link_digest: entry.linkDigest,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<QueuedMail[]> {
    // Rows another instance is claiming right now are skipped, not waited for.
    const { rows } = await sql<Selectable<MailOutboxTable>>`
      update mail_outbox set lease_until = ${leaseUntil}
      where id in (
        select id from mail_outbox
        where not_before <= ${now} and (lease_until is null or lease_until < ${now})
        order by not_before, id
        limit ${limit}
        for update skip locked)
      returning *`.execute(this.db);
    return rows.map(queuedFromRow).sort((a, b) => a.id - b.id);
  }

  async claim(id: number, now: Date, leaseUntil: Date): Promise<QueuedMail | null> {
    const row = await this.db
      .updateTable('mail_outbox')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll()
      .executeTakeFirst();
    return row ? queuedFromRow(row) : null;
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('mail_outbox').where('id', '=', id).execute();
  }

  async failed(id: number, error: string, retryAt: Date): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({
        attempts: sql<number>`attempts + 1`,
        last_error: error.slice(0, 500),
        not_before: retryAt,
        lease_until: null,
      })
      .where('id', '=', id)
      .execute();
  }

  async counts(): Promise<{ waiting: number; failing: number }> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => [
        eb.fn.countAll<number>().as('waiting'),
        eb.fn.count<number>('id').filterWhere('attempts', '>', 0).as('failing'),
      ])
      .executeTakeFirstOrThrow();
    return { waiting: Number(row.waiting), failing: Number(row.failing) };
  }
}
