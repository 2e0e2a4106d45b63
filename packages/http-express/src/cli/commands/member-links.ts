import { type HandedLink, OperatorAccess } from '@larder/domain';
import { coreDependencies } from '../../composition-root.js';
import { UsageError } from '../args.js';
import { type Command, EXIT, type Terminal } from '../command.js';
import { ROLE_WORDS } from '../role-words.js';
import type { Workspace } from '../workspace.js';

function printLink(handed: HandedLink, workspace: Workspace, terminal: Terminal): void {
  const { account, purpose, link } = handed;
  const what = purpose === 'setup' ? 'choose a password' : 'choose a new password';
  terminal.err.write(
    `Link for ${account.username} (${ROLE_WORDS[account.role]}) to ${what}, ` +
      `valid until ${link.expiresAt.toISOString()}, once; any earlier ${purpose} link stops working:\n`,
  );
  // The link alone on standard output, for scripts.
  terminal.out.write(`${workspace.baseUrl}${link.path}\n`);
}

export const ownerLink: Command = {
  name: 'owner-link',
  summary: 'print a fresh one-time link for the owner to choose a password',
  usage: 'larder owner-link',
  help:
    'For an owner who lost the password while mail is off (or never chose one). Without a password the ' +
    'link is a setup link valid for a week; with one it is a reset link valid for an hour. The link goes to ' +
    'standard output; SERVICE_PUBLIC_URL makes it absolute for the household.',
  options: {},
  async run(args, terminal) {
    if (args.positional.length > 0) throw new UsageError('owner-link takes no arguments');
    const workspace = await terminal.open();
    try {
      printLink(
        await new OperatorAccess(coreDependencies(workspace.container)).linkForOwner(),
        workspace,
        terminal,
      );
      return EXIT.ok;
    } finally {
      await workspace.close();
    }
  },
};

export const userLink: Command = {
  name: 'user-link',
  summary: 'print a fresh one-time link for a member to choose a password',
  usage: 'larder user-link USERNAME',
  help:
    'Like owner-link, for the member called USERNAME: a setup link (a week) when they have no password, a ' +
    'reset link (an hour) when they have one.',
  options: {},
  async run(args, terminal) {
    const [username, ...rest] = args.positional;
    if (!username || rest.length > 0) throw new UsageError('user-link takes one USERNAME');
    const workspace = await terminal.open();
    try {
      printLink(
        await new OperatorAccess(coreDependencies(workspace.container)).linkForUser(username),
        workspace,
        terminal,
      );
      return EXIT.ok;
    } finally {
      await workspace.close();
    }
  },
};
