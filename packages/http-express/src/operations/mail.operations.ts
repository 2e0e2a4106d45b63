import type { AddressConfirmation, MailConfiguration, MailTest, PasswordReset } from '@larder/domain';
import {
  ConfirmInputBody,
  ForgotInputBody,
  MailConfigBody,
  TestMailInputBody,
} from '../schemas/mail.schemas.js';
import type { BackgroundWork } from './background.js';
import { type AnyOperation, PUBLIC, SESSION, operation } from './operation.js';

export interface MailServices {
  background: BackgroundWork;
  mail: MailConfiguration;
  mailTest: MailTest;
  passwordReset: PasswordReset;
  addressConfirmation: AddressConfirmation;
}

/** The owner alone, from a signed-in session. */
const OWNER_SESSION = { kind: 'session', roles: ['superadmin'] } as const;

/** Mail: the owner's settings and test mail, forgotten passwords, and address confirmation. */
export function mailOperations({
  background,
  mail,
  mailTest,
  passwordReset,
  addressConfirmation,
}: MailServices): AnyOperation[] {
  return [
    operation({
      id: 'get-mail-settings',
      summary: 'How this household sends mail (owner)',
      description:
        'source env: SERVICE_SMTP_* configure it and it is read-only here; settings: as configured here; none: mail is off. The password is never returned, only passwordSet.',
      tag: 'settings',
      access: OWNER_SESSION,
      input: {},
      output: { status: 200, schema: 'SettingsBody' },
      errors: [401, 403],
      run: () => mail.view(),
    }),

    operation({
      id: 'update-mail-settings',
      summary: 'Configure mail (owner)',
      description:
        'Stores the SMTP server in the app; a password left out keeps the stored one, for the stored host and username only (and not from an encrypted connection to none). 409 while SERVICE_SMTP_* configure mail.',
      tag: 'settings',
      access: OWNER_SESSION,
      input: { body: MailConfigBody },
      output: { status: 200, schema: 'SettingsBody' },
      errors: [401, 403, 409, 422],
      run: (_call, { body }) => mail.save(body),
    }),

    operation({
      id: 'delete-mail-settings',
      summary: 'Turn mail off (owner)',
      description: 'Forgets the in-app mail settings. 409 while SERVICE_SMTP_* configure mail.',
      tag: 'settings',
      access: OWNER_SESSION,
      input: {},
      output: { status: 204 },
      errors: [401, 403, 409],
      run: async () => {
        await mail.clear();
      },
    }),

    operation({
      id: 'send-test-mail',
      summary: 'Send a test mail (owner)',
      description:
        'With config, tests those unsaved values (a missing password uses the stored one, for the stored host and username only); without, the configuration in force (409 when there is none). 204 once the server accepted the mail; a refusal answers 502 with the server’s reply, a server that cannot be reached 502 too.',
      tag: 'settings',
      access: OWNER_SESSION,
      input: { body: TestMailInputBody },
      output: { status: 204 },
      errors: [401, 403, 409, 422, 502],
      run: ({ caller, baseUrl }, { body }) =>
        mailTest.send(body.to, caller.account.locale, baseUrl, body.config),
    }),

    operation({
      id: 'forgot-password',
      summary: 'Mail a password reset link',
      description:
        'Always 204, at once, whether or not an account matches: the lookup and the mail happen in the background, so the answer and its own timing are the same either way (the mail sent for an account that matched keeps the server busy a few milliseconds longer, which close timing of later requests may notice; see docs/mail.md). A login with @ is an address and reaches every account whose confirmed address it is; otherwise a username with a confirmed address. The owner is never reset by mail; at most one mail per account per 5 minutes; the link is valid one hour and works once.',
      tag: 'auth',
      access: PUBLIC,
      input: { body: ForgotInputBody },
      output: { status: 204 },
      errors: [422],
      run: async ({ log }, { body }) => {
        background.run('password reset', () => passwordReset.request(body.login), log);
      },
    }),

    operation({
      id: 'password-reset-config',
      summary: 'Whether a forgotten password can be reset by mail',
      description:
        'Public: the sign-in page asks before anyone is signed in. True while mail with links can go out.',
      tag: 'auth',
      access: PUBLIC,
      input: {},
      output: { status: 200, schema: 'PasswordResetInfo' },
      errors: [],
      run: async () => ({ available: (await mail.ready()) !== null }),
    }),

    operation({
      id: 'confirm-email',
      summary: 'Confirm an address through the link mailed to it',
      description:
        "Public. Confirms only while the address is still the account's; never signs in. Works once.",
      tag: 'auth',
      access: PUBLIC,
      input: { body: ConfirmInputBody },
      output: { status: 200, schema: 'ConfirmedAddress' },
      errors: [404, 422],
      run: (_call, { body }) => addressConfirmation.confirm(body.token),
    }),

    operation({
      id: 'resend-email-confirmation',
      summary: "Mail a new confirmation link for the signed-in account's address",
      description:
        'At most once a minute (429 with Retry-After); the minute starts before the send, so a failed send also waits a minute. 409 when there is no address, it is confirmed, or mail is off; 502 when the server refuses the mail.',
      tag: 'auth',
      access: SESSION,
      input: {},
      output: { status: 204 },
      errors: [401, 403, 409, 429, 502],
      run: ({ caller }) => addressConfirmation.resend(caller),
    }),
  ];
}
