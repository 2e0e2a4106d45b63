import { MAIL_SECURITY } from '@larder/domain';
import { bool, int, named, object, oneOf, ref, str } from './json-schema.js';
import type { SchemaRegistry } from './schema-registry.js';
import { schemaUrlProperty } from './common.schemas.js';

export const MailConfigBody = named(
  'ConfigBody',
  object(
    {
      $schema: schemaUrlProperty,
      host: str({ minLength: 1, maxLength: 253, description: 'The SMTP server, by name or address' }),
      port: int({ format: 'int64', minimum: 1, maximum: 65535 }),
      security: oneOf(MAIL_SECURITY, {
        description: 'starttls: plain, then upgraded (required); tls: TLS from the start (465); none: plain',
      }),
      from: str({ minLength: 1, maxLength: 254, description: "The sender's address" }),
      fromName: str({ maxLength: 100, description: 'The sender name; empty: Larder' }),
      username: str({ maxLength: 254, description: 'Empty: no authentication' }),
      password: str({
        maxLength: 1024,
        description:
          'Omitted keeps the stored password (for the stored host and username only, and not from an encrypted connection to none)',
      }),
    },
    ['host', 'port', 'security', 'from'],
  ),
);

export const TestMailInputBody = named(
  'TestInputBody',
  object(
    {
      $schema: schemaUrlProperty,
      to: str({ minLength: 1, maxLength: 254, description: 'Who gets the test mail' }),
      config: { ...ref('ConfigBody', MailConfigBody.schema), description: 'Unsaved values to test instead' },
    },
    ['to'],
  ),
);

export const ForgotInputBody = named(
  'ForgotInputBody',
  object(
    {
      $schema: schemaUrlProperty,
      login: str({ minLength: 1, maxLength: 254, description: 'A username, or an address (holds @)' }),
    },
    ['login'],
  ),
);

export const ConfirmInputBody = named(
  'ConfirmInputBody',
  object({ $schema: schemaUrlProperty, token: str({ minLength: 1, maxLength: 128 }) }, ['token']),
);

export function defineMailSchemas(registry: SchemaRegistry): void {
  registry.define(MailConfigBody.name, MailConfigBody.schema);
  registry.define(TestMailInputBody.name, TestMailInputBody.schema);
  registry.define(ForgotInputBody.name, ForgotInputBody.schema);
  registry.define(ConfirmInputBody.name, ConfirmInputBody.schema);
  registry.define(
    'SettingsBody',
    object(
      {
        $schema: schemaUrlProperty,
        source: oneOf(['env', 'settings', 'none'], {
          description:
            'env: SERVICE_SMTP_* configure mail and these settings are read-only; settings: configured here; none: no mail',
        }),
        host: str(),
        port: int({ format: 'int64' }),
        security: oneOf(MAIL_SECURITY),
        username: str(),
        passwordSet: bool({
          description: 'Whether a password is stored; the password itself is never shown',
        }),
        from: str(),
        fromName: str(),
        publicUrlMissing: bool({
          description:
            'SERVICE_PUBLIC_URL is unset, so no mail can carry a link (invitations, resets, confirmations)',
        }),
      },
      [
        'source',
        'host',
        'port',
        'security',
        'username',
        'passwordSet',
        'from',
        'fromName',
        'publicUrlMissing',
      ],
      { description: 'How this household sends mail.' },
    ),
  );
  registry.define(
    'ConfirmedAddress',
    object(
      { $schema: schemaUrlProperty, address: str({ description: 'The address that is now confirmed' }) },
      ['address'],
    ),
  );
}
