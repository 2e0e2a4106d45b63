import type { NextFunction, Request, Response } from 'express';

/**
 * The names the Encoding standard (WHATWG) gives UTF-8 besides `utf-8`: a client that declares
 * `charset=utf8` sends UTF-8, and is read as one that says `utf-8` (the body parser itself knows
 * only names starting `utf-`, and would answer 415).
 */
const OTHER_UTF8_LABELS = new Set([
  'utf8',
  'unicode-1-1-utf-8',
  'unicode11utf8',
  'unicode20utf8',
  'x-unicode20utf8',
]);

const CHARSET = /(;\s*charset\s*=\s*)("?)([^";\s]+)\2/iu;

/** A request whose body is declared in another name of UTF-8 reads as declared `utf-8`. */
export function utf8ByAnyName() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const type = req.headers['content-type'];
    if (type !== undefined) {
      const label = CHARSET.exec(type)?.[3];
      if (label !== undefined && OTHER_UTF8_LABELS.has(label.toLowerCase())) {
        req.headers['content-type'] = type.replace(CHARSET, '$1utf-8');
      }
    }
    next();
  };
}
