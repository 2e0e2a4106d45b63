export default async function globalTeardown() {
  if (globalThis.__larderContainer) await globalThis.__larderContainer.stop();
}
