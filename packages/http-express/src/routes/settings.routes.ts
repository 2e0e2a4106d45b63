import {
  type Caller,
  type HouseholdSettings,
  HouseholdSettingsService,
  type SettingsPatch,
} from '@larder/domain';
import { problem } from '../http/problem.js';
import type { RouteModule } from './route-module.js';

function present(settings: HouseholdSettings) {
  // Mail arrives with its own issue; until then it is always off.
  return { ...settings, mailEnabled: false };
}

export const settingsRoutes: RouteModule = ({ table, container }) => {
  const settings = container.resolve(HouseholdSettingsService);

  table.add({
    method: 'get',
    path: '/api/v1/settings',
    operationId: 'get-settings',
    summary: 'The household settings',
    tag: 'settings',
    access: { scope: 'recipes:read' },
    responses: { 200: { schema: 'Response' } },
    errors: [401, 403],
    handle: async () => present(await settings.get()),
  });

  table.add<SettingsPatch>({
    method: 'patch',
    path: '/api/v1/settings',
    operationId: 'update-settings',
    summary: 'Change the household settings (owner)',
    description:
      'Every field is optional and only named fields change. The default lifetime of a public link never exceeds the maximum: lowering the maximum alone lowers the default with it.',
    tag: 'settings',
    access: 'session',
    body: { schema: 'UpdateSettingsInputBody' },
    responses: { 200: { schema: 'Response' } },
    errors: [401, 403, 422],
    handle: async ({ caller, body }) => {
      if (!caller) throw problem(401, 'Sign in first.');
      return present(await settings.update(caller as Caller, body));
    },
  });
};
