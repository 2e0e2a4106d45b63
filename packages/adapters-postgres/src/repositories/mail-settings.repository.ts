import type { MailSecurity, MailServer, MailSettingsRepository } from '@larder/domain';
import type { Executor } from './executor.js';

export class PostgresMailSettingsRepository implements MailSettingsRepository {
  constructor(private readonly db: Executor) {}

  async get(): Promise<MailServer | null> {
    const row = await this.db.selectFrom('mail_settings').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) return null;
    return {
      host: row.host,
      port: row.port,
      security: row.security as MailSecurity,
      from: row.from_address,
      ...(row.from_name ? { fromName: row.from_name } : {}),
      ...(row.username ? { username: row.username } : {}),
      ...(row.password ? { password: row.password } : {}),
    };
  }

  async save(server: MailServer, at: Date): Promise<void> {
    const values = {
      host: server.host,
      port: server.port,
      security: server.security,
      from_address: server.from,
      from_name: server.fromName ?? null,
      username: server.username ?? null,
      password: server.password ?? null,
      updated_at: at,
    };
    await this.db
      .insertInto('mail_settings')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }

  async clear(): Promise<boolean> {
    const result = await this.db.deleteFrom('mail_settings').executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
