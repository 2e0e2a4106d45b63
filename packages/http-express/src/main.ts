import { DataDirectoryInUse } from '@larder/adapters-postgres';
import { ConfigError, loadConfig } from './config.js';
import { CannotListen } from './listen.js';
import { createLogger } from './logging.js';
import { startService } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`larder: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config);
  const service = await startService(config, logger);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    service.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirectoryInUse || error instanceof CannotListen) {
    console.error(`larder: ${error.message}`);
  } else {
    console.error('larder: failed to start:', error);
  }
  process.exit(1);
});
