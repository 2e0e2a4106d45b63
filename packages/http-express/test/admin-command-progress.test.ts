import { PassThrough } from 'node:stream';
import { progressOn } from '../src/cli/progress.js';

function stream(isTTY: boolean): NodeJS.WriteStream & { text(): string } {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return Object.assign(out, { isTTY, text: () => text }) as unknown as NodeJS.WriteStream & {
    text(): string;
  };
}

describe('progress of long admin commands', () => {
  it('draws a bar in place on a terminal and ends the line when done', () => {
    const tty = stream(true);
    const progress = progressOn(tty, 'importing');
    progress.update(0, 4);
    progress.update(2, 4);
    progress.update(2, 4);
    progress.update(4, 4);
    progress.finish();
    expect(tty.text()).toBe(
      `\rimporting [${'.'.repeat(30)}] 0/4` +
        `\rimporting [${'#'.repeat(15)}${'.'.repeat(15)}] 2/4` +
        `\rimporting [${'#'.repeat(30)}] 4/4\n`,
    );
  });

  it('writes a plain line per tenth of the way elsewhere (logs, pipes)', () => {
    const pipe = stream(false);
    const progress = progressOn(pipe, 'exporting');
    for (let done = 1; done <= 100; done++) progress.update(done, 100);
    progress.finish();
    const lines = pipe.text().trim().split('\n');
    // The start, then each tenth.
    expect(lines).toHaveLength(11);
    expect(lines.slice(0, 2)).toEqual(['exporting: 1/100', 'exporting: 10/100']);
    expect(lines.at(-1)).toBe('exporting: 100/100');
  });
});
