import type { Config } from '../config.js';
import type { ParsedArgs, OptionSpec } from './args.js';
import type { Workspace } from './workspace.js';

/** What a command writes: results to `out`, progress and diagnostics to `err`. */
export interface Terminal {
  out: NodeJS.WriteStream;
  err: NodeJS.WriteStream;
}

/** Exit codes scripts can rely on. */
export const EXIT = {
  ok: 0,
  /** The command ran and failed (a check failed, an archive was refused, no such user). */
  failed: 1,
  /** The command line or the configuration is wrong; nothing was done. */
  usage: 2,
  /**
   * Done, with warnings: the result was written, but something was left out and said on standard
   * error (`export`: a photo whose file is missing from the image store).
   */
  warnings: 3,
} as const;

export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** `larder <name> …` */
  usage: string;
  /** What `--help` says beyond the usage line. */
  help: string;
  options: OptionSpec;
  run(args: ParsedArgs, context: CommandContext): Promise<number>;
}

/** What a command is run with. */
export interface CommandContext extends Terminal {
  /** The configuration from the environment (a `ConfigError` is a usage error). */
  config(): Config;
  /** The configured database and image store, composed; refused when the schema is not this code's. */
  open(options?: { anySchema?: boolean }): Promise<Workspace>;
}
