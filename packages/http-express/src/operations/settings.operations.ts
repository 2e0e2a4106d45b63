import type { HouseholdSettings, HouseholdSettingsService, MailConfiguration } from '@larder/domain';
import { UpdateSettingsInputBody } from '../schemas/settings.schemas.js';
import { type AnyOperation, SESSION, operation, scoped } from './operation.js';

export interface SettingsServices {
  settings: HouseholdSettingsService;
  mail: MailConfiguration;
}

/** The household settings: read by every member, changed by the owner. */
export function settingsOperations({ settings, mail }: SettingsServices): AnyOperation[] {
  // mailEnabled: mail with links can go out (a server configured, and the public URL known).
  const present = async (values: HouseholdSettings) => ({
    ...values,
    mailEnabled: (await mail.ready()) !== null,
  });

  return [
    operation({
      id: 'get-settings',
      summary: 'The household settings',
      description:
        "The household's settings for any signed-in member: public links and their days, attribution, link previews and their minutes, recipes locked by default, and whether mail is set up.",
      tag: 'settings',
      access: scoped('recipes:read'),
      input: {},
      output: { status: 200, schema: 'Response' },
      errors: [401, 403],
      run: async () => present(await settings.get()),
    }),

    operation({
      id: 'update-settings',
      summary: 'Change the household settings (owner)',
      description:
        'Every field is optional and only named fields change. The default lifetime of a public link never exceeds the maximum: lowering the maximum alone lowers the default with it.',
      tag: 'settings',
      access: SESSION,
      input: { body: UpdateSettingsInputBody },
      output: { status: 200, schema: 'Response' },
      errors: [401, 403, 422],
      run: async ({ caller }, { body }) => present(await settings.update(caller, body)),
    }),
  ];
}
