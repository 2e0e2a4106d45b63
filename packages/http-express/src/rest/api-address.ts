/** Where the MCP endpoint listens. */
export const MCP_PATH = '/mcp';

/**
 * Whether an address belongs to the API — its REST routes or the MCP endpoint, which its
 * description includes — rather than to the pages (the web app, setup and confirmation forms,
 * public links).
 */
export function isApiAddress(path: string): boolean {
  return path.startsWith('/api/') || path === MCP_PATH;
}
