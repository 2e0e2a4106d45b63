import type { Response } from 'express';

/** A JSON answer of a REST route, with the `$schema` and `describedBy` link of its named schema. */
export function sendJson(
  res: Response,
  status: number,
  schema: string,
  body: object,
  schemaUrl: (name: string) => string,
): void {
  const url = schemaUrl(schema);
  res.setHeader('Link', `<${url}>; rel="describedBy"`);
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ $schema: url, ...body }));
}
