import { ASSIGNABLE_ROLES, COLORS, LOCALES, ROLES } from '@larder/domain';
import { arrayOf, bool, dateTime, int, nullable, object, ref, str } from '../http/json-schema.js';
import type { SchemaRegistry } from '../http/schema-registry.js';
import { schemaUrlProperty } from './common.schemas.js';

const color = () => str({ enum: [...COLORS] });
const locale = () => str({ enum: [...LOCALES] });
const role = () => str({ enum: [...ROLES].reverse() });
const newPassword = () =>
  str({ minLength: 8, maxLength: 128, description: 'At least 8 characters and at most 72 bytes in UTF-8' });

const accountFields = {
  id: str(),
  username: str(),
  displayName: str(),
  role: role(),
  color: color(),
  locale: locale(),
  canSharePublicly: bool(),
  avatarId: nullable(str()),
  email: str({ description: 'Empty when the account has no address' }),
  emailVerified: bool(),
  hasPassword: bool(),
};

const managedFields = {
  ...accountFields,
  hasIdentity: bool(),
  createdAt: dateTime(),
  setupLinkExpiresAt: dateTime({ description: 'Present while a setup link is open' }),
};
const managedRequired = [
  'id',
  'username',
  'displayName',
  'role',
  'color',
  'locale',
  'canSharePublicly',
  'createdAt',
  'avatarId',
  'hasPassword',
  'email',
  'emailVerified',
  'hasIdentity',
];

export function defineAccountSchemas(registry: SchemaRegistry): void {
  registry.define(
    'LoginInputBody',
    object(
      {
        $schema: schemaUrlProperty,
        username: str({ minLength: 1, maxLength: 64 }),
        password: str({ minLength: 1, maxLength: 1024 }),
      },
      ['username', 'password'],
    ),
  );
  registry.define(
    'UserResponse',
    object(
      { $schema: schemaUrlProperty, ...accountFields, emailConfirmationPending: bool() },
      [
        'id',
        'username',
        'displayName',
        'role',
        'color',
        'locale',
        'canSharePublicly',
        'avatarId',
        'email',
        'emailVerified',
        'hasPassword',
        'emailConfirmationPending',
      ],
      { description: 'The signed-in account.' },
    ),
  );
  registry.define(
    'ChangePasswordInputBody',
    object(
      { $schema: schemaUrlProperty, currentPassword: str({ maxLength: 1024 }), password: newPassword() },
      ['password'],
    ),
  );
  registry.define(
    'UpdateProfileInputBody',
    object({
      $schema: schemaUrlProperty,
      displayName: str({ maxLength: 64 }),
      color: color(),
      locale: locale(),
      email: str({ maxLength: 254 }),
    }),
  );
  registry.define('ColorCount', object({ color: str(), count: int() }, ['color', 'count']));
  registry.define(
    'ColorUsageOutputBody',
    object({ $schema: schemaUrlProperty, items: nullable(arrayOf(ref('ColorCount'))) }, ['items']),
  );
  registry.define(
    'SetupTokenBody',
    object({ $schema: schemaUrlProperty, token: str({ minLength: 1, maxLength: 128 }) }, ['token']),
  );
  registry.define(
    'InvitedAccount',
    object(
      {
        $schema: schemaUrlProperty,
        username: str(),
        displayName: str(),
        purpose: str({ enum: ['setup', 'reset'] }),
      },
      ['username', 'displayName', 'purpose'],
    ),
  );
  registry.define(
    'SetupRedemption',
    object(
      { $schema: schemaUrlProperty, token: str({ minLength: 1, maxLength: 128 }), password: newPassword() },
      ['token', 'password'],
    ),
  );
  registry.define(
    'PasswordResetInfo',
    object({ $schema: schemaUrlProperty, available: bool() }, ['available']),
  );
  registry.define(
    'ProviderInfo',
    object(
      {
        $schema: schemaUrlProperty,
        enabled: bool(),
        name: str({ description: 'How the login page names the provider' }),
      },
      ['enabled'],
    ),
  );

  registry.define('UserAccount', object({ $schema: schemaUrlProperty, ...managedFields }, managedRequired));
  registry.define(
    'UserAccountList',
    object({ $schema: schemaUrlProperty, items: nullable(arrayOf(ref('UserAccount'))) }, ['items']),
  );
  registry.define(
    'SetupLinkBody',
    object(
      {
        $schema: schemaUrlProperty,
        path: str({ description: 'Path of the one-time link, relative to the service' }),
        expiresAt: dateTime(),
        mailedTo: str(),
        mailError: str({ enum: ['send_failed'] }),
      },
      ['path', 'expiresAt'],
    ),
  );
  registry.define(
    'CreatedUserAccount',
    object(
      { $schema: schemaUrlProperty, ...managedFields, setupLink: ref('SetupLinkBody') },
      managedRequired,
    ),
  );
  registry.define(
    'CreateInputBody',
    object(
      {
        $schema: schemaUrlProperty,
        username: str({ minLength: 1, maxLength: 64 }),
        role: str({ enum: [...ASSIGNABLE_ROLES].reverse() }),
        displayName: str({ maxLength: 64 }),
        email: str({ maxLength: 254 }),
        color: color(),
        locale: locale(),
        password: str({
          maxLength: 128,
          description: 'Optional with a session: without it a setup link is issued',
        }),
      },
      ['username', 'role'],
    ),
  );
  registry.define(
    'UpdateInputBody',
    object({
      $schema: schemaUrlProperty,
      role: str({ enum: [...ASSIGNABLE_ROLES].reverse() }),
      displayName: str({ maxLength: 64 }),
      color: color(),
      email: str({ maxLength: 254 }),
      canSharePublicly: bool(),
      password: newPassword(),
    }),
  );
  registry.define(
    'IssueSetupLinkInputBody',
    object({
      $schema: schemaUrlProperty,
      mail: bool({ description: 'false skips sending the mail' }),
      email: str({ maxLength: 254 }),
    }),
  );
}
