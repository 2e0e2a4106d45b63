import { LINK_PREVIEW_MINUTES, SHARE_DAYS } from '@larder/domain';
import { bool, int, named, nullable, object } from './json-schema.js';
import type { SchemaRegistry } from './schema-registry.js';
import { schemaUrlProperty } from './common.schemas.js';

const settingsFields = {
  publicShares: bool({ description: 'Members may open recipes by public link' }),
  publicShareDefaultDays: nullable(int({ enum: [...SHARE_DAYS, null] })),
  publicShareMaxDays: nullable(int({ enum: [...SHARE_DAYS, null] })),
  publicShareAttribution: bool({ description: 'Public pages name Larder at their foot' }),
  linkPreviews: bool(),
  linkPreviewMinutes: int({ enum: [...LINK_PREVIEW_MINUTES] }),
  recipesLockedByDefault: bool(),
};

export const UpdateSettingsInputBody = named(
  'UpdateSettingsInputBody',
  object({ $schema: schemaUrlProperty, ...settingsFields }),
);

export function defineSettingsSchemas(registry: SchemaRegistry): void {
  registry.define(
    'Response',
    object(
      { $schema: schemaUrlProperty, ...settingsFields, mailEnabled: bool() },
      [
        'mailEnabled',
        'recipesLockedByDefault',
        'linkPreviews',
        'linkPreviewMinutes',
        'publicShares',
        'publicShareDefaultDays',
        'publicShareMaxDays',
        'publicShareAttribution',
      ],
      { description: 'The household settings.' },
    ),
  );
  registry.define(UpdateSettingsInputBody.name, UpdateSettingsInputBody.schema);
}
