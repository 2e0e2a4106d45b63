import type { Response } from 'express';

/** Names the answer's schema in a `Link` header, beside the body's `$schema` of the same address. */
export function linkDescribedBy(res: Response, schemaUrl: string): void {
  res.setHeader('Link', `<${schemaUrl}>; rel="describedBy"`);
}

/** A JSON answer of a REST route, with the `$schema` and `describedBy` link of its named schema. */
export function sendJson(
  res: Response,
  status: number,
  schema: string,
  body: object,
  schemaUrl: (name: string) => string,
): void {
  const url = schemaUrl(schema);
  linkDescribedBy(res, url);
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ $schema: url, ...body }));
}
