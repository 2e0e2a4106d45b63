/** The most recipes one export takes (the API's limit on `recipeIds`). */
export const EXPORT_LIMIT = 500;

export interface ExportZip {
  ids: string[];
  /** The file's name: `larder-2026-03-01.zip` alone, `larder-2026-03-01-2-of-3.zip` among several. */
  name: string;
}

/**
 * The zips an export of these recipes takes: one for up to 500, else as many as needed of 500
 * each, named so that the member sees they belong together.
 */
export function exportZips(ids: readonly string[], day: string): ExportZip[] {
  const count = Math.max(1, Math.ceil(ids.length / EXPORT_LIMIT));
  return Array.from({ length: count }, (_, i) => ({
    ids: ids.slice(i * EXPORT_LIMIT, (i + 1) * EXPORT_LIMIT),
    name: count === 1 ? `larder-${day}.zip` : `larder-${day}-${i + 1}-of-${count}.zip`,
  }));
}
