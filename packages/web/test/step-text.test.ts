import { clock, findWhole, stepPieces } from '../src/step-text';

describe('a step cut for the cooking screen', () => {
  const refs = [{ word: 'butter', groupName: null, ingredientName: 'butter' }];
  const times = [{ phrase: '20-25 minutes', seconds: 1200, maxSeconds: 1500 }];

  it('marks ingredient words and durations, keeping the text between', () => {
    const pieces = stepPieces('Melt the Butter, then bake for 20-25 minutes.', refs, times);
    expect(pieces.map((p) => [p.kind, p.text])).toEqual([
      ['text', 'Melt the '],
      ['ingredient', 'Butter'],
      ['text', ', then bake for '],
      ['time', '20-25 minutes'],
      ['text', '.'],
    ]);
  });

  it('matches whole words only, and takes the first of overlapping finds', () => {
    expect(findWhole('buttermilk and butter', 'butter')).toBe(15);
    expect(findWhole('no match here', 'butter')).toBe(-1);
    expect(findWhole('烤20分钟', '20分钟')).toBe(1);
    expect(findWhole('加入面粉搅拌', '面粉')).toBe(2);
    expect(findWhole('Salzig', 'Salz')).toBe(-1);
    const pieces = stepPieces(
      'Rest 10 minutes',
      [{ word: '10 minutes', groupName: null, ingredientName: 'x' }],
      [{ phrase: '10 minutes', seconds: 600 }],
    );
    expect(pieces.filter((p) => p.kind !== 'text')).toHaveLength(1);
  });

  it('is plain text when nothing is named', () => {
    expect(stepPieces('Serve.', null, undefined)).toEqual([{ kind: 'text', text: 'Serve.' }]);
  });

  it('shows a clock the way kitchen timers do', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(59.2)).toBe('1:00');
    expect(clock(1200)).toBe('20:00');
    expect(clock(3723)).toBe('1:02:03');
  });
});
