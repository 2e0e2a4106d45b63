import { minutesOf } from '../../src/drafts/durations.js';

describe('minutesOf: a recipe time as pages write it', () => {
  it.each([
    ['PT1H30M', 90],
    ['1 hour 30 minutes', 90],
    ['20 Min.', 20],
    ['1/2 hour', 30],
    ['1 1/2 hours', 90],
    ['1-1/2 hours', 90],
    ['½ Std.', 30],
    ['1½ hours', 90],
    ['1 ½ h 10 min', 100],
    ['3/4 hour', 45],
    ['Bake 1/2 hour', 30],
  ])('%j is %j minutes', (text, minutes) => {
    expect(minutesOf(text)).toBe(minutes);
  });
});
