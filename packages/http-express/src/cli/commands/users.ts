import { OperatorAccess } from '@larder/domain';
import { coreDependencies } from '../../composition-root.js';
import { UsageError } from '../args.js';
import { type Command, EXIT } from '../command.js';
import { ROLE_WORDS } from '../role-words.js';

export const users: Command = {
  name: 'users',
  summary: 'list the accounts of the household',
  usage: 'larder users [--json]',
  help:
    'One line per account: username, role, display name, address (with "unconfirmed"), whether a ' +
    'password is set and whether a setup link is open; the role as owner, admin or member. --json prints an ' +
    "array instead, for scripts, with the API's roles: superadmin, admin, user.",
  options: { flags: ['json'] },
  async run(args, terminal) {
    if (args.positional.length > 0) throw new UsageError('users takes no arguments');
    const workspace = await terminal.open();
    try {
      const accounts = await new OperatorAccess(coreDependencies(workspace.container)).accounts();
      const rows = accounts.map((a) => ({
        username: a.username,
        role: a.role,
        displayName: a.displayName,
        email: a.email,
        emailConfirmed: a.emailVerified,
        password: a.passwordHash !== null,
        singleSignOn: a.hasIdentity,
        setupLinkExpiresAt: a.setupLinkExpiresAt?.toISOString() ?? null,
      }));
      if (args.flags.has('json')) {
        terminal.out.write(`${JSON.stringify(rows, null, 2)}\n`);
        return EXIT.ok;
      }
      const table = [
        ['USERNAME', 'ROLE', 'NAME', 'ADDRESS', 'SIGN-IN'],
        ...rows.map((r) => [
          r.username,
          ROLE_WORDS[r.role],
          r.displayName,
          r.email ? `${r.email}${r.emailConfirmed ? '' : ' (unconfirmed)'}` : '-',
          [
            r.password ? 'password' : null,
            r.singleSignOn ? 'single sign-on' : null,
            r.setupLinkExpiresAt ? `setup link until ${r.setupLinkExpiresAt}` : null,
          ]
            .filter(Boolean)
            .join(', ') || 'none yet',
        ]),
      ];
      const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
      for (const row of table) {
        terminal.out.write(
          `${row
            .map((cell, i) => cell.padEnd(widths[i]!))
            .join('  ')
            .trimEnd()}\n`,
        );
      }
      return EXIT.ok;
    } finally {
      await workspace.close();
    }
  },
};
