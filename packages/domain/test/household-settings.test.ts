import {
  DEFAULT_SETTINGS,
  type HouseholdSettings,
  applySettingsPatch,
} from '../src/settings/household-settings.js';
import { ValidationFailed } from '../src/shared/errors.js';

const base: HouseholdSettings = { ...DEFAULT_SETTINGS };

function refusal(current: HouseholdSettings, patch: Partial<HouseholdSettings>): ValidationFailed {
  try {
    applySettingsPatch(current, patch);
  } catch (error) {
    if (error instanceof ValidationFailed) return error;
    throw error;
  }
  throw new Error('the patch was accepted');
}

describe('applySettingsPatch', () => {
  it('keeps the defaults of a fresh instance', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      publicShares: false,
      publicShareDefaultDays: null,
      publicShareMaxDays: null,
      publicShareAttribution: true,
      linkPreviews: false,
      linkPreviewMinutes: 15,
      recipesLockedByDefault: false,
    });
  });

  it('changes only the named fields and leaves the current settings untouched', () => {
    const current = { ...base };
    const next = applySettingsPatch(current, { linkPreviews: true, linkPreviewMinutes: 60 });
    expect(next).toEqual({ ...base, linkPreviews: true, linkPreviewMinutes: 60 });
    expect(current).toEqual(base);
    expect(applySettingsPatch(current, {})).toEqual(base);
  });

  it('treats an undefined field as not named, and null as a value', () => {
    const current = { ...base, publicShareDefaultDays: 7 };
    expect(applySettingsPatch(current, { publicShareDefaultDays: undefined })).toEqual(current);
    expect(applySettingsPatch(current, { publicShareDefaultDays: null }).publicShareDefaultDays).toBeNull();
  });

  it('accepts a default within the maximum', () => {
    expect(applySettingsPatch(base, { publicShareMaxDays: 30, publicShareDefaultDays: 30 })).toMatchObject({
      publicShareMaxDays: 30,
      publicShareDefaultDays: 30,
    });
    expect(applySettingsPatch(base, { publicShareMaxDays: 30, publicShareDefaultDays: 7 })).toMatchObject({
      publicShareDefaultDays: 7,
    });
  });

  it('refuses a named default above the maximum at body.publicShareDefaultDays', () => {
    const error = refusal(base, { publicShareMaxDays: 7, publicShareDefaultDays: 30 });
    expect(error.issues).toEqual([expect.objectContaining({ location: 'publicShareDefaultDays' })]);
    const existing = { ...base, publicShareMaxDays: 7, publicShareDefaultDays: 1 };
    expect(refusal(existing, { publicShareDefaultDays: 365 }).issues[0]?.location).toBe(
      'publicShareDefaultDays',
    );
  });

  it('refuses a named "no expiry" default under a maximum', () => {
    const existing = { ...base, publicShareMaxDays: 30, publicShareDefaultDays: 7 };
    expect(refusal(existing, { publicShareDefaultDays: null }).issues[0]?.location).toBe(
      'publicShareDefaultDays',
    );
  });

  it('pulls the default down to a lowered maximum when the default is not named', () => {
    const existing = { ...base, publicShareMaxDays: 365, publicShareDefaultDays: 30 };
    expect(applySettingsPatch(existing, { publicShareMaxDays: 7 })).toMatchObject({
      publicShareMaxDays: 7,
      publicShareDefaultDays: 7,
    });
    expect(applySettingsPatch(existing, { publicShareMaxDays: 30 })).toMatchObject({
      publicShareDefaultDays: 30,
    });
    // Setting a maximum over "no expiry" makes the maximum the default.
    expect(applySettingsPatch(base, { publicShareMaxDays: 30 })).toMatchObject({
      publicShareMaxDays: 30,
      publicShareDefaultDays: 30,
    });
  });

  it('leaves the default alone when the maximum is raised or removed', () => {
    const existing = { ...base, publicShareMaxDays: 7, publicShareDefaultDays: 7 };
    expect(applySettingsPatch(existing, { publicShareMaxDays: 365 })).toMatchObject({
      publicShareDefaultDays: 7,
    });
    expect(applySettingsPatch(existing, { publicShareMaxDays: null })).toMatchObject({
      publicShareMaxDays: null,
      publicShareDefaultDays: 7,
    });
  });
});
