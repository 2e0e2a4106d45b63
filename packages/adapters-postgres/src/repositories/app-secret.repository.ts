import type { AppSecretRepository } from '@larder/domain';
import type { Executor } from './executor.js';

export class PostgresAppSecretRepository implements AppSecretRepository {
  constructor(private readonly db: Executor) {}

  async getOrCreate(name: string, candidate: string, at: Date): Promise<string> {
    // Never overwrites: when several servers race, the first insert wins and all read it back.
    await this.db
      .insertInto('app_secrets')
      .values({ name, value: candidate, created_at: at })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
