import { useState } from 'preact/hooks';
import { useAction } from '../action';
import { ApiError, api, imageUrl, problemOf } from '../api';
import type { Image, Recipe } from '../api';
import { t } from '../i18n';
import { isGone, problemText } from '../problem-text';
import { moved } from '../recipe-form';

interface Upload {
  name: string;
  progress: number;
  error: string | null;
}

/** A recipe's photos: upload several at once with progress, reorder (drag or buttons), choose the cover, delete. */
export function PhotosEditor({ recipe, onChange }: { recipe: Recipe; onChange: (recipe: Recipe) => void }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<{ imageId: string; text: string } | null>(null);
  const images = [...(recipe.images ?? [])].sort((a, b) => a.position - b.position);

  const refresh = async () => onChange(await api<Recipe>('GET', `/api/v1/recipes/${recipe.id}`));

  const upload = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const list = [...files];
    let state: Upload[] = list.map((file) => ({ name: file.name, progress: 0, error: null }));
    setUploads(state);
    const update = (i: number, next: Partial<Upload>) => {
      state = state.map((u, n) => (n === i ? { ...u, ...next } : u));
      setUploads(state);
    };
    // One at a time: the server renders each photo, and a phone's upload is the narrow part anyway.
    for (const [i, file] of list.entries()) {
      try {
        await send(recipe.id, file, (fraction) => update(i, { progress: fraction }));
        update(i, { progress: 1 });
      } catch (e) {
        update(i, { error: problemText(e) });
      }
    }
    await refresh().catch(() => undefined);
    setUploads(state.filter((u) => u.error !== null));
  };

  /** One change of the photos at a time: a press while one runs does nothing. */
  const changing = useAction((change: () => Promise<void>) => change());
  const reorder = (from: number, to: number) =>
    changing.run(async () => {
      const next = moved(images, from, to);
      onChange({ ...recipe, images: next.map((image, position) => ({ ...image, position })) });
      try {
        await api('PUT', `/api/v1/recipes/${recipe.id}/images/order`, {
          imageIds: next.map((image) => image.id),
        });
      } catch (e) {
        setError(problemText(e));
      }
      await refresh().catch(() => undefined);
    });
  /** A photo's own action: what went wrong is said beside its buttons; a photo deleted meanwhile goes. */
  const act = (image: Image, call: () => Promise<void>) =>
    changing.run(async () => {
      setFailed(null);
      try {
        await call();
      } catch (e) {
        if (!isGone(e)) setFailed({ imageId: image.id, text: problemText(e) });
      }
      await refresh().catch(() => undefined);
    });
  const cover = (image: Image) =>
    act(image, () => api('PUT', `/api/v1/recipes/${recipe.id}/cover`, { imageId: image.id }));
  const remove = async (image: Image) => {
    if (!confirm(t('deletePhoto'))) return;
    await act(image, () => api('DELETE', `/api/v1/recipes/${recipe.id}/images/${image.id}`));
  };

  return (
    <section class="card stack" aria-labelledby="photos-title">
      <h2 id="photos-title">{t('photos')}</h2>
      <label>
        <span>{t('addPhotos')}</span>
        <input
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => void upload(e.currentTarget.files)}
        />
      </label>
      {uploads.length > 0 && (
        <ul class="uploads">
          {uploads.map((u, i) => (
            <li key={i}>
              <span>{u.name}</span>
              {u.error ? (
                <span class="field-error">{u.error}</span>
              ) : (
                <progress max={1} value={u.progress} aria-label={t('uploading', { name: u.name })} />
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <ol class="photo-list">
        {images.map((image, i) => {
          const isCover = image.id === recipe.coverImageId;
          const name = t('photoOf', { n: i + 1, count: images.length });
          return (
            <li
              key={image.id}
              class={dragging === i ? 'photo-item dragging' : 'photo-item'}
              draggable
              onDragStart={() => setDragging(i)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null && dragging !== i) void reorder(dragging, i);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
            >
              <img
                src={imageUrl(recipe.id, image.id, 'thumb')}
                alt={name}
                width={160}
                height={120}
                loading="lazy"
              />
              {isCover && <span class="new-badge">{t('cover')}</span>}
              <div class="row small">
                <button
                  type="button"
                  aria-label={`${t('moveUp')}: ${name}`}
                  disabled={i === 0}
                  {...changing.button}
                  onClick={() => void reorder(i, i - 1)}
                >
                  ←
                </button>
                <button
                  type="button"
                  aria-label={`${t('moveDown')}: ${name}`}
                  disabled={i === images.length - 1}
                  {...changing.button}
                  onClick={() => void reorder(i, i + 1)}
                >
                  →
                </button>
                {!isCover && (
                  <button
                    type="button"
                    {...changing.button}
                    onClick={() => void cover(image)}
                    aria-label={`${t('makeCover')}: ${name}`}
                  >
                    {t('makeCover')}
                  </button>
                )}
                <button
                  type="button"
                  class="danger"
                  aria-label={`${t('delete')}: ${name}`}
                  {...changing.button}
                  onClick={() => void remove(image)}
                >
                  ×
                </button>
              </div>
              {failed?.imageId === image.id && (
                <p class="error" role="alert">
                  {failed.text}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** One photo up, with upload progress (fetch cannot report it; XMLHttpRequest can). */
function send(recipeId: string, file: File, progress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/recipes/${encodeURIComponent(recipeId)}/images`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) progress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) return resolve();
      reject(problemOf(xhr.status, xhr.statusText, xhr.responseText, xhr.getResponseHeader('Retry-After')));
    };
    xhr.onerror = () => reject(new ApiError(0, 'offline', undefined, [], null));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
