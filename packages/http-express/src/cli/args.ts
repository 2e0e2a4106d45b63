/** A command line split into its words and its options (`--all`, `--as NAME`, `--as=NAME`). */
export interface ParsedArgs {
  positional: string[];
  flags: Set<string>;
  values: Map<string, string>;
}

/** The options a command takes: flags stand alone, valued options take the next word. */
export interface OptionSpec {
  flags?: readonly string[];
  values?: readonly string[];
}

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], spec: OptionSpec): ParsedArgs {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const positional: string[] = [];
  const known = new Set([...(spec.flags ?? []), ...(spec.values ?? []), 'help']);
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (word === '-h') {
      flags.add('help');
      continue;
    }
    if (!word.startsWith('--')) {
      positional.push(word);
      continue;
    }
    const [name = '', inline] = word.slice(2).split(/=(.*)/su, 2);
    if (!known.has(name)) throw new UsageError(`unknown option --${name}`);
    if (spec.values?.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      values.set(name, value);
    } else {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      flags.add(name);
    }
  }
  return { positional, flags, values };
}
