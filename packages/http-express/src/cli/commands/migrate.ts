import { migrateToLatest, openDatabase } from '@larder/adapters-postgres';
import { UsageError } from '../args.js';
import { type Command, EXIT } from '../command.js';

export const migrate: Command = {
  name: 'migrate',
  summary: 'bring the database schema up to date, then exit',
  usage: 'larder migrate',
  help:
    'Runs the migrations this version has and the database has not, in order, under a lock (two at once ' +
    'run each migration once), and exits: for deployments that migrate before rolling out. The service ' +
    'also migrates at start. Exits 1 when the database was migrated by a newer Larder.',
  options: {},
  async run(args, context) {
    if (args.positional.length > 0) throw new UsageError('migrate takes no arguments');
    const config = context.config();
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    try {
      // A database a newer Larder migrated is refused (MigratedByNewerLarder, exit 1), as at start.
      const applied = await migrateToLatest(database.db);
      if (applied.length === 0) context.out.write('The database is up to date; nothing to do.\n');
      for (const name of applied) context.out.write(`migrated: ${name}\n`);
      return EXIT.ok;
    } finally {
      await database.close();
    }
  },
};
