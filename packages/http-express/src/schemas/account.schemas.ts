import { ASSIGNABLE_ROLES, COLORS, LOCALES, ROLES } from '@larder/domain';
import {
  type JsonSchema,
  arrayOf,
  bool,
  dateTime,
  int,
  named,
  nullable,
  object,
  oneOf,
  ref,
  str,
} from './json-schema.js';
import type { SchemaRegistry } from './schema-registry.js';
import { schemaUrlProperty } from './common.schemas.js';

const color = (extra: JsonSchema = {}) => oneOf(COLORS, extra);
const locale = () => oneOf(LOCALES);
const role = () => oneOf([...ROLES].reverse());
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
] as const;

export const LoginInputBody = named(
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

export const ChangePasswordInputBody = named(
  'ChangePasswordInputBody',
  object({ $schema: schemaUrlProperty, currentPassword: str({ maxLength: 1024 }), password: newPassword() }, [
    'password',
  ]),
);

export const UpdateProfileInputBody = named(
  'UpdateProfileInputBody',
  object({
    $schema: schemaUrlProperty,
    displayName: str({ maxLength: 64 }),
    color: color(),
    locale: locale(),
    email: str({ maxLength: 254 }),
  }),
);

export const SetupTokenBody = named(
  'SetupTokenBody',
  object({ $schema: schemaUrlProperty, token: str({ minLength: 1, maxLength: 128 }) }, ['token']),
);

export const SetupRedemptionBody = named(
  'SetupRedemption',
  object(
    { $schema: schemaUrlProperty, token: str({ minLength: 1, maxLength: 128 }), password: newPassword() },
    ['token', 'password'],
  ),
);

export const CreateUserInputBody = named(
  'CreateInputBody',
  object(
    {
      $schema: schemaUrlProperty,
      username: str({ minLength: 1, maxLength: 64 }),
      role: oneOf([...ASSIGNABLE_ROLES].reverse()),
      displayName: str({ maxLength: 64 }),
      email: str({ maxLength: 254 }),
      color: color(),
      locale: locale(),
      password: str({
        minLength: 8,
        maxLength: 128,
        description:
          'At least 8 characters and at most 72 bytes in UTF-8; optional with a session: without it a setup link is issued',
      }),
    },
    ['username', 'role'],
  ),
);

export const UpdateUserInputBody = named(
  'UpdateInputBody',
  object({
    $schema: schemaUrlProperty,
    role: oneOf([...ASSIGNABLE_ROLES].reverse()),
    displayName: str({ maxLength: 64, description: 'The owner only' }),
    color: color({ description: 'The owner only' }),
    email: str({ maxLength: 254 }),
    canSharePublicly: bool(),
    password: newPassword(),
  }),
);

export const IssueSetupLinkInputBody = named(
  'IssueSetupLinkInputBody',
  object({
    $schema: schemaUrlProperty,
    mail: bool({ description: 'false skips sending the mail' }),
    email: str({ maxLength: 254 }),
  }),
);

export function defineAccountSchemas(registry: SchemaRegistry): void {
  registry.define(LoginInputBody.name, LoginInputBody.schema);
  registry.define(
    'UserResponse',
    object(
      {
        $schema: schemaUrlProperty,
        ...accountFields,
        emailConfirmationPending: bool({
          description:
            "Whether a confirmation mail went to the account's unconfirmed address and its link is still open",
        }),
      },
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
  registry.define(ChangePasswordInputBody.name, ChangePasswordInputBody.schema);
  registry.define(UpdateProfileInputBody.name, UpdateProfileInputBody.schema);
  registry.define('ColorCount', object({ color: str(), count: int() }, ['color', 'count']));
  registry.define(
    'ColorUsageOutputBody',
    object({ $schema: schemaUrlProperty, items: nullable(arrayOf(ref('ColorCount'))) }, ['items']),
  );
  registry.define(SetupTokenBody.name, SetupTokenBody.schema);
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
  registry.define(SetupRedemptionBody.name, SetupRedemptionBody.schema);
  registry.define(
    'PasswordResetInfo',
    object({ $schema: schemaUrlProperty, available: bool() }, ['available']),
  );
  registry.define(
    'LinkedIdentity',
    object(
      {
        $schema: schemaUrlProperty,
        linkedAt: dateTime({ description: 'When the account was connected to the provider' }),
      },
      ['linkedAt'],
    ),
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
  registry.define(CreateUserInputBody.name, CreateUserInputBody.schema);
  registry.define(UpdateUserInputBody.name, UpdateUserInputBody.schema);
  registry.define(IssueSetupLinkInputBody.name, IssueSetupLinkInputBody.schema);
}
