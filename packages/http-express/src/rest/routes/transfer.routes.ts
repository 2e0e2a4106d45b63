import { refuseEncodedBody } from '../encoded-body.js';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_LIMIT, TRANSFER_LIMITS } from '@larder/domain';
import type { Caller } from '@larder/domain';
import type { Request } from 'express';
import { scoped } from '../../operations/operation.js';
import { arrayOf, str } from '../../schemas/json-schema.js';
import { announcesMoreThan } from '../announced-length.js';
import { ExportInputBody, zipBodySchema } from '../../schemas/transfer.schemas.js';
import { readJsonBody } from '../mount.js';
import { problem, problemType } from '../problem.js';
import type { RawRouteContext } from '../route.js';
import { sendJson } from '../send-json.js';
import type { RestRouteModule } from './route-module.js';

/**
 * The request body as the import reads it. When the import stops early (too large), the request is
 * paused rather than destroyed, so the refusal still reaches the client; what is left of the body
 * is then dropped as the refusal goes out (`dropUnreadBody`).
 */
function uploadOf(req: Request): AsyncIterable<Uint8Array> {
  return {
    [Symbol.asyncIterator]() {
      const chunks = req[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
      return {
        next: () => chunks.next(),
        return: async () => {
          req.pause();
          return { done: true, value: undefined };
        },
      };
    },
  };
}

/** Admins and the owner move recipes (DECISIONS.md). */
const ADMINS = ['admin', 'superadmin'] as const;

/**
 * Recipes with their photos as a zip: the export is written to the answer as it is produced; the
 * import reads the upload into a temporary file as it arrives (at most 1 GiB) and creates all of
 * its recipes or none. See docs/transfer.md.
 */
export const transferRoutes: RestRouteModule = ({ table, registry, services: { transfer } }) => {
  const exportBody = registry.validator(ExportInputBody.name, 'body');

  /** The zip of these recipes, written to the answer as it is produced. */
  const sendExport = async ({ res, caller, log }: RawRouteContext<Caller>, recipeIds: readonly string[]) => {
    // A photo whose file is gone from the image store is left out of the zip (the download stays
    // whole); the operator is told which, since only a restore of the store brings it back.
    const zip = await transfer.export(recipeIds, caller.account.id, {
      missingPhoto: ({ recipeId, imageId }) =>
        log.warn(
          { recipeId, imageId },
          'export left out a photo whose original is missing from the image store',
        ),
    });
    const day = new Date().toISOString().slice(0, 10);
    res.status(200).set({
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="larder-${day}.zip"`,
      'Cache-Control': 'no-store',
    });
    // Who cut the answer short: the client, hanging up (a cancelled download), or the archive (a
    // photo the image store cannot give now: an outage). Whichever comes first is noted before the pipeline hears of it.
    let cut: 'by the client' | 'by the archive' | null = null;
    res.once('close', () => {
      if (!res.writableFinished) cut ??= 'by the client';
    });
    const watched = async function* () {
      try {
        yield* zip;
      } catch (error) {
        cut ??= 'by the archive';
        throw error;
      }
    };
    try {
      await pipeline(Readable.from(watched()), res);
    } catch (error) {
      // The answer has begun: a failure can only cut it short (the client sees a broken zip). A
      // client that hangs up is no error of ours.
      if (cut === 'by the client') {
        log.info({ reason: (error as Error).message }, 'the client went away before its export was written');
      } else {
        log.error({ err: error }, 'export failed while it was being written');
      }
      res.destroy();
    }
  };

  table.add({
    method: 'post',
    path: '/api/v1/export',
    operationId: 'export-recipes',
    summary: 'Export recipes with their photos as a zip (admins)',
    description:
      'One folder per recipe: its document (everything a recipe carries, authors by name, no comments, no marks) and ' +
      'each photo’s stored original as it is. Written as it is produced; a photo whose file is missing from the image ' +
      'store is left out (the service logs which). 404 when an id names no recipe, 422 for an ' +
      'empty list. Admins and the owner only.',
    tag: 'transfer',
    access: { ...scoped('recipes:read'), roles: ADMINS },
    body: { schema: ExportInputBody.name },
    responses: { 200: { content: 'application/zip', description: 'The zip, one folder per recipe' } },
    errors: [401, 403, 404, 422],
    handle: async (call) => {
      const body = readJsonBody(call.req, exportBody, false) as { recipeIds: string[] };
      await sendExport(call, body.recipeIds);
    },
  });

  table.add({
    method: 'get',
    path: '/api/v1/export',
    operationId: 'export-recipes-by-address',
    summary: 'Export recipes with their photos as a zip, by an address (admins)',
    description:
      'The same zip as POST /api/v1/export, for the recipes named in recipeIds (comma-separated): an address a ' +
      'browser downloads from as it is, e.g. a link in a page. For more recipes than an address holds, POST.',
    tag: 'transfer',
    access: { ...scoped('recipes:read'), roles: ADMINS },
    query: {
      recipeIds: {
        schema: arrayOf(str({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: EXPORT_LIMIT }),
        required: true,
        description: 'Comma-separated ids of the recipes to export',
      },
    },
    responses: { 200: { content: 'application/zip', description: 'The zip, one folder per recipe' } },
    errors: [401, 403, 404, 422],
    handle: async (call) => sendExport(call, call.query.recipeIds ?? []),
  });

  table.add({
    method: 'post',
    path: '/api/v1/import',
    operationId: 'import-recipes',
    summary: 'Import recipes from an export zip (admins; at most 1 GiB)',
    description:
      'All or nothing: 201 with what was created, or nothing is created. 413 over 1 GiB (before reading on when ' +
      'Content-Length says so); 415 when the body is not a zip; 422 naming the entry when an entry escapes the archive, is ' +
      'a symlink, lies about its size, is a bomb, is not a photo Larder accepts, or a document breaks a recipe rule (at ' +
      'its place in the document). Imported recipes get fresh slugs where theirs are taken, and are the importer’s.',
    tag: 'transfer',
    access: { ...scoped('recipes:write'), roles: ADMINS },
    rawBody: { contentType: 'application/zip', schema: zipBodySchema },
    responses: { 201: { schema: 'ImportOutputBody' } },
    errors: [401, 403, 413, 415, 422],
    handle: async ({ req, res, caller, schemaUrl }) => {
      // A body that says nothing of its type is taken for the archive (as a JSON route takes it for JSON).
      const typed = req.headers['content-type'] !== undefined;
      if (typed && !req.is(['application/zip', 'application/x-zip-compressed', 'application/octet-stream'])) {
        throw problem(415, 'Send the archive as application/zip.');
      }
      refuseEncodedBody(req, 'the archive');
      if (announcesMoreThan(req, TRANSFER_LIMITS.maxArchiveBytes)) {
        throw problem(413, `An archive may be at most ${TRANSFER_LIMITS.maxArchiveBytes} bytes.`, {
          type: problemType('transfer.archive_too_large'),
        });
      }
      const created = await transfer.import(caller, uploadOf(req));
      sendJson(res, 201, 'ImportOutputBody', { created }, schemaUrl);
    },
  });
};
