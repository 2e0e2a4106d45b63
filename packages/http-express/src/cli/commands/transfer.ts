import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type Caller,
  type MissingPhoto,
  NotFound,
  OPERATOR_TRANSFER_LIMITS,
  RecipeTransfer,
} from '@larder/domain';
import { coreDependencies } from '../../composition-root.js';
import { UsageError } from '../args.js';
import { type Command, EXIT } from '../command.js';
import { progressOn } from '../progress.js';

/** Exports and imports run as the owner (or the member named with --as): a caller with every right. */
async function actingMember(
  store: ReturnType<typeof coreDependencies>['store'],
  username?: string,
): Promise<Caller> {
  const account = username ? await store.accounts.byUsername(username) : await store.accounts.owner();
  if (!account) {
    throw new NotFound(
      'accounts.not_found',
      username ? `No account is called ${username}.` : 'There is no owner yet.',
    );
  }
  return { account, via: 'session' };
}

/** The ids of `--recipe a,b,…`, each once (an archive holds a recipe once, however often it is named). */
function namedRecipes(list: string): string[] {
  const ids = list.split(',').map((id) => id.trim());
  if (ids.includes(''))
    throw new UsageError('--recipe takes recipe ids separated by commas, none of them empty');
  return [...new Set(ids)];
}

/** A file's size for people: bytes, KiB below a MiB, MiB above. */
function sizeInWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 2 ** 20) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

export const exportRecipes: Command = {
  name: 'export',
  summary: 'write recipes with their photos to a zip (a whole household with --all)',
  usage: 'larder export (--all | --recipe ID[,ID…]) FILE.zip',
  help:
    'Writes the archive format of docs/transfer.md, as POST /api/v1/export does, with no limit on the ' +
    'number of recipes: --all for every recipe (a backup), or --recipe with ids separated by commas for some. The ' +
    'file appears only when the export is complete (it is written to FILE.zip.part first). A household ' +
    'without recipes writes no file and exits 0 (--all) after saying so. A photo whose file is missing ' +
    'from the image store is left out and named on standard error; everything else is exported, and ' +
    'the command exits 3 (done with warnings).',
  options: { flags: ['all'], values: ['recipe'] },
  async run(args, context) {
    const [file, ...rest] = args.positional;
    const some = args.values.get('recipe');
    if (!file || rest.length > 0) throw new UsageError('export takes one FILE.zip');
    if (args.flags.has('all') === (some !== undefined))
      throw new UsageError('export takes --all or --recipe ID');
    // A folder that is not there is said before any work, not as the ENOENT of FILE.zip.part.
    const folder = dirname(resolve(file));
    if (!(await stat(folder).catch(() => null))?.isDirectory()) {
      throw new Error(`cannot write ${file}: the folder ${folder} does not exist`);
    }
    const workspace = await context.open();
    const part = `${file}.part`;
    try {
      const transfer = workspace.container.resolve(RecipeTransfer);
      const owner = await actingMember(coreDependencies(workspace.container).store);
      const ids = some !== undefined ? namedRecipes(some) : await transfer.allRecipeIds();
      // An empty household is backed up by nothing: a nightly backup succeeds, and no file is
      // written (an older backup of the same name stays as it was).
      if (ids.length === 0) {
        context.out.write(`the household has no recipes: nothing to export, ${file} was not written\n`);
        return EXIT.ok;
      }
      const progress = progressOn(context.err, 'exporting recipes');
      // A photo whose file is gone from the image store costs that photo, not the backup: it is
      // left out, named once the progress is done, and the command ends with EXIT.warnings.
      const missing: MissingPhoto[] = [];
      const zip = await transfer.export(ids, owner.account.id, {
        progress: (done, total) => progress.update(done, total),
        missingPhoto: (photo) => missing.push(photo),
      });
      try {
        await pipeline(Readable.from(zip), createWriteStream(part));
      } finally {
        progress.finish();
        for (const { recipeId, recipeTitle, imageId } of missing) {
          context.err.write(
            `larder export: warning: left out photo ${imageId} of recipe "${recipeTitle}" (${recipeId}): ` +
              'its file is missing from the image store\n',
          );
        }
      }
      await rename(part, file);
      const { size } = await stat(file);
      context.out.write(`exported ${ids.length} recipe(s) to ${file} (${sizeInWords(size)})\n`);
      if (missing.length === 0) return EXIT.ok;
      context.err.write(
        `larder export: ${missing.length} photo(s) left out (named above); everything else is in ${file}\n`,
      );
      return EXIT.warnings;
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    } finally {
      await workspace.close();
    }
  },
};

export const importRecipes: Command = {
  name: 'import',
  summary: 'create the recipes of an export zip',
  usage: 'larder import [--as USERNAME] [--json] FILE.zip',
  help:
    'Creates every recipe of the archive with its photos, all or nothing, as POST /api/v1/import does ' +
    '(the same checks, but a whole household may be larger than the 1 GiB an upload may be; a refused ' +
    'archive names the entry and creates nothing). The recipes ' +
    'are written by the owner, or by the member named with --as. --json lists what was created.',
  options: { values: ['as'], flags: ['json'] },
  async run(args, context) {
    const [file, ...rest] = args.positional;
    if (!file || rest.length > 0) throw new UsageError('import takes one FILE.zip');
    await stat(file).catch(() => {
      throw new Error(`cannot read ${file}`);
    });
    const workspace = await context.open();
    try {
      const transfer = workspace.container.resolve(RecipeTransfer);
      const caller = await actingMember(coreDependencies(workspace.container).store, args.values.get('as'));
      const progress = progressOn(context.err, 'importing photos and recipes');
      let created;
      try {
        created = await transfer.import(
          caller,
          createReadStream(file),
          (done, total) => progress.update(done, total),
          OPERATOR_TRANSFER_LIMITS,
        );
      } finally {
        progress.finish();
      }
      if (args.flags.has('json')) context.out.write(`${JSON.stringify(created, null, 2)}\n`);
      else context.out.write(`imported ${created.length} recipe(s) as ${caller.account.username}\n`);
      return EXIT.ok;
    } finally {
      await workspace.close();
    }
  },
};
