import type request from 'supertest';

/** Collects a binary answer's body as a Buffer (supertest leaves image bodies unparsed otherwise). */
export function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}
