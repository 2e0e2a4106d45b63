import {
  due,
  markRang,
  parseTimers,
  pause,
  remove,
  resume,
  secondsLeft,
  startTimer,
} from '../src/timer-list';

describe('the kitchen timers', () => {
  const at = 1_000_000;
  const two = startTimer(
    startTimer([], { id: 'a', label: 'Ragù', seconds: 60, recipePath: '/recipes/lasagne' }, at),
    { id: 'b', label: 'Oven', seconds: 120, recipePath: '/recipes/lasagne' },
    at,
  );

  it('runs several at once against the wall clock', () => {
    expect(secondsLeft(two[0]!, at + 30_000)).toBe(30);
    expect(secondsLeft(two[1]!, at + 30_000)).toBe(90);
    expect(due(two, at + 60_000).map((t) => t.id)).toEqual(['a']);
    const rang = markRang(two, ['a']);
    expect(due(rang, at + 61_000)).toEqual([]);
    expect(remove(rang, 'a').map((t) => t.id)).toEqual(['b']);
  });

  it('pauses and resumes where it stood', () => {
    const paused = pause(two, 'b', at + 20_000);
    expect(secondsLeft(paused[1]!, at + 500_000)).toBe(100);
    expect(due(paused, at + 500_000).map((t) => t.id)).toEqual(['a']);
    const resumed = resume(paused, 'b', at + 500_000);
    expect(secondsLeft(resumed[1]!, at + 510_000)).toBe(90);
  });

  it('survives a reload through storage, and ignores what is not a timer', () => {
    expect(parseTimers(JSON.stringify(two))).toEqual(two);
    expect(parseTimers('not json')).toEqual([]);
    expect(parseTimers(JSON.stringify({ a: 1 }))).toEqual([]);
    const hostile = [{ ...two[0], recipePath: '//evil.example/' }, { ...two[1], seconds: '5' }, two[0]];
    expect(parseTimers(JSON.stringify(hostile))).toEqual([two[0]]);
  });
});
