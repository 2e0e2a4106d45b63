/** Where a command reports progress: a bar redrawn in place on a terminal, a line now and then otherwise. */
export interface Progress {
  update(done: number, total: number): void;
  finish(): void;
}

export function progressOn(stream: NodeJS.WriteStream, label: string): Progress {
  if (stream.isTTY) {
    const width = 30;
    let last = '';
    return {
      update(done, total) {
        const share = total === 0 ? 1 : Math.min(1, done / total);
        const filled = Math.round(share * width);
        const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
        if (line === last) return;
        last = line;
        stream.write(`\r${line}`);
      },
      finish() {
        if (last !== '') stream.write('\n');
      },
    };
  }
  // Plain lines for logs and pipes: at most one per tenth of the way, and the end.
  let shown = -1;
  return {
    update(done, total) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === shown) return;
      shown = tenth;
      stream.write(`${label}: ${done}/${total}\n`);
    },
    finish() {},
  };
}
