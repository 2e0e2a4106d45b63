import { CannotOpenDatabase, DataDirectoryInUse, MigratedByNewerLarder } from '@larder/adapters-postgres';
import { DomainError } from '@larder/domain';
import { ConfigError, loadConfig } from '../config.js';
import { UsageError, parseArgs } from './args.js';
import { type Command, type CommandContext, EXIT } from './command.js';
import { check } from './commands/check.js';
import { ownerLink, userLink } from './commands/member-links.js';
import { migrate } from './commands/migrate.js';
import { exportRecipes, importRecipes } from './commands/transfer.js';
import { users } from './commands/users.js';
import { SchemaMismatch, openWorkspace } from './workspace.js';

/** Every command of `larder`, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  ownerLink,
  users,
  userLink,
  migrate,
  check,
  exportRecipes,
  importRecipes,
];

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'larder — the household’s recipe service, from the server’s command line',
    '',
    'Usage: larder COMMAND [options]     (larder COMMAND --help for one command)',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Commands work on the database and image store the SERVICE_* environment configures (as the',
    'service does). Exit codes: 0 done, 1 failed, 2 wrong command line or configuration, 3 done with',
    'warnings (export: photos whose files are missing were left out, each named on standard error).',
    '',
  ].join('\n');
}

/** Runs one command line; answers the exit code. */
export async function runCommandLine(
  argv: readonly string[],
  terminal: Pick<CommandContext, 'out' | 'err'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? terminal.err : terminal.out).write(overview());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    terminal.err.write(`larder: no command "${name}"\n\n${overview()}`);
    return EXIT.usage;
  }
  let config: ReturnType<typeof loadConfig> | undefined;
  const context: CommandContext = {
    ...terminal,
    config: () => (config ??= loadConfig(env)),
    open: (options) => openWorkspace(context.config(), options),
  };
  try {
    const args = parseArgs(rest, command.options);
    if (args.flags.has('help')) {
      terminal.out.write(`Usage: ${command.usage}\n\n${command.help}\n`);
      return EXIT.ok;
    }
    return await command.run(args, context);
  } catch (error) {
    // A setting to correct is said alone: the command line was right, its usage would mislead.
    if (error instanceof ConfigError) {
      terminal.err.write(`larder ${name}: ${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof UsageError) {
      terminal.err.write(`larder ${name}: ${error.message}\nUsage: ${command.usage}\n`);
      return EXIT.usage;
    }
    // A refusal (an archive, no such user), a database at another schema, in use, not there or not
    // answering, or an outage.
    const known =
      error instanceof DomainError ||
      error instanceof SchemaMismatch ||
      error instanceof MigratedByNewerLarder ||
      error instanceof DataDirectoryInUse ||
      error instanceof CannotOpenDatabase;
    terminal.err.write(`larder ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    if (!known && error instanceof Error && env['LARDER_DEBUG']) terminal.err.write(`${error.stack ?? ''}\n`);
    return EXIT.failed;
  }
}
