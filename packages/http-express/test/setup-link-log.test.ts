/**
 * The first start of an instance without an owner's password logs a setup link: it must open the
 * service as it runs, on the port it listens on — also when SERVICE_ADDR's port 0 let it pick one.
 */
import {
  type EmptyServerDatabase,
  emptyServerDatabase,
} from '@larder/adapters-postgres/test-support/test-database.js';
import { type ServiceProcess, startServiceProcess } from '../test-support/service-process.js';

describe('the setup link of a first start', () => {
  let server: EmptyServerDatabase | null = null;
  let service: ServiceProcess | undefined;

  afterEach(async () => {
    await service?.stop();
    await server?.drop();
  });

  // It said http://localhost:0/setup/…, a link that opens nothing.
  it('names the port the service listens on when SERVICE_ADDR’s port is 0', async () => {
    server = await emptyServerDatabase();
    service = await startServiceProcess({
      SERVICE_ADDR: '127.0.0.1:0',
      SERVICE_ADMIN_PASSWORD: '',
      ...(server ? { SERVICE_DATABASE_URL: server.url } : {}),
    });
    const lines = service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; setupLink?: string; port?: number });
    const listening = lines.find((line) => line.msg.startsWith('Larder listening'));
    const logged = lines.find((line) => line.setupLink !== undefined);
    const port = new URL(service.url).port;
    expect(listening?.port).toBe(Number(port));
    expect(logged?.setupLink).toMatch(new RegExp(`^http://localhost:${port}/setup/[A-Za-z0-9_-]+$`));
    expect(logged?.msg).toContain(logged?.setupLink);
    // The link opens the setup page of this service.
    const page = await fetch(`${service.url}${new URL(logged!.setupLink!).pathname}?plain=1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/password/i);
  }, 180_000);
});
