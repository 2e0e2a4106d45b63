import { isOwner } from '../accounts/account.js';
import type { Caller } from '../accounts/caller.js';
import type { StoredImage } from './image-store.port.js';
import { addMs } from '../shared/time.js';
import { type DomainError, Forbidden, NotFound, removedWhile } from '../shared/errors.js';
import { avatarKey } from './image-keys.js';
import { AVATAR_BOUNDS, checkImageBounds } from './image-rules.js';
import type { PhotoDependencies } from './photo-dependencies.js';
import { UPLOAD_GRACE_MS } from './photo-files.js';
import { AVATAR_RENDITION, type SquareCrop } from './renditions.js';

function accountNotFound(): NotFound {
  return new NotFound('accounts.not_found', 'No such account.');
}

/** The account was deleted by another request meanwhile: the caller's own is their 401. */
function goneWhilePictureSaved(caller: Caller, accountId: string): DomainError {
  return caller.account.id === accountId ? removedWhile('the picture was saved') : accountNotFound();
}

function avatarNotFound(): NotFound {
  return new NotFound('avatars.not_found', 'No such picture.');
}

/**
 * Profile pictures: one square JPEG per account. Members set and remove their own;
 * the owner also those of others. A replaced or removed picture's file goes with it.
 */
export class Avatars {
  constructor(private readonly deps: PhotoDependencies) {}

  async set(caller: Caller, accountId: string, bytes: Uint8Array, crop?: SquareCrop): Promise<string> {
    const { store, clock, secrets, images, renderer, janitor } = this.deps;
    await this.assertMayChange(caller, accountId);
    // The type and size are checked on the header before anything is decoded.
    checkImageBounds(renderer.inspect(bytes), AVATAR_BOUNDS);
    const rendered = await renderer.render(bytes, {
      bounds: AVATAR_BOUNDS,
      renditions: [AVATAR_RENDITION],
      crop,
    });
    const avatarId = secrets.newId();
    const key = avatarKey(accountId, avatarId);
    const intent = {
      id: await store.imageDeletions.add(key, addMs(clock.now(), UPLOAD_GRACE_MS)),
      key,
      attempts: 0,
    };
    try {
      await images.put(key, rendered.renditions[0]!.bytes, 'image/jpeg');
      await store.transaction(async (tx) => {
        // Replacing the id queues the old picture's file (a database trigger), in this transaction.
        if (!(await tx.accounts.update(accountId, { avatarId })))
          throw goneWhilePictureSaved(caller, accountId);
        await tx.imageDeletions.remove(intent.id);
      });
    } catch (error) {
      await janitor.discard(intent);
      throw error;
    }
    await janitor.sweep();
    return avatarId;
  }

  async remove(caller: Caller, accountId: string): Promise<void> {
    await this.assertMayChange(caller, accountId);
    if (!(await this.deps.store.accounts.update(accountId, { avatarId: null }))) throw accountNotFound();
    await this.deps.janitor.sweep();
  }

  /** The picture served as `/avatars/{accountId}/{avatarId}.jpg`: only the current one. */
  async file(accountId: string, file: string): Promise<StoredImage> {
    const account = await this.deps.store.accounts.byId(accountId);
    if (!account?.avatarId || file !== `${account.avatarId}.jpg`) throw avatarNotFound();
    const stored = await this.deps.images.get(avatarKey(accountId, account.avatarId));
    if (!stored) throw avatarNotFound();
    return stored;
  }

  /** Refuses a caller who may not change this account's picture (checked before an upload is read). */
  async assertMayChange(caller: Caller, accountId: string): Promise<void> {
    if (caller.account.id === accountId) return;
    if (!isOwner(caller.account)) {
      throw new Forbidden('avatars.owner_only', "Only the owner changes another account's picture.");
    }
    if (!(await this.deps.store.accounts.byId(accountId))) throw accountNotFound();
  }
}
