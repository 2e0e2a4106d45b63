/** Secrets the application makes for itself once and keeps in the database (signing keys). */
export interface AppSecretRepository {
  /**
   * The secret called `name`. When there is none yet, `candidate` is stored first;
   * when several servers race, the first write wins and every one answers it.
   */
  getOrCreate(name: string, candidate: string, at: Date): Promise<string>;
}
