import { CannotOpenDatabase, DataDirectoryInUse, MigratedByNewerLarder } from '@larder/adapters-postgres';
import { type Config, ConfigError, loadConfig } from './config.js';
import { CannotListen } from './listen.js';
import { createLogger } from './logging.js';
import { type RunningService, startService } from './server.js';

/**
 * Ends a start that failed with one line on stderr that says what to fix: exit 2 for a setting to
 * correct, 1 for everything else (a port taken, a database that does not answer, a data directory
 * that cannot be written). The stack follows only at the debug and trace levels.
 */
function failedToStart(error: unknown, config?: Config): never {
  const known =
    error instanceof ConfigError ||
    error instanceof CannotListen ||
    error instanceof CannotOpenDatabase ||
    error instanceof DataDirectoryInUse ||
    error instanceof MigratedByNewerLarder;
  const message = error instanceof Error ? error.message : String(error);
  console.error(`larder: ${known ? message : `failed to start: ${message.split('\n')[0]}`}`);
  if (error instanceof Error && (config?.logLevel === 'debug' || config?.logLevel === 'trace')) {
    console.error(error.stack);
    if (error.cause instanceof Error) console.error('caused by:', error.cause.stack);
  }
  process.exit(error instanceof ConfigError ? 2 : 1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    failedToStart(error);
  }
  const logger = createLogger(config);
  const started = startService(config, logger).catch((error: unknown) => failedToStart(error, config));
  const shutDown = (service: RunningService) =>
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
  // Listened for from the start: a signal while the service starts stops it once it has started
  // (its database closed cleanly), not by the signal's default, which ends the process on the spot.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Said once the start is done, after its own lines ("listening"), when shutting down begins.
    void started.then((service) => {
      logger.info({ signal }, 'shutting down: finishing in-flight requests');
      return shutDown(service);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // The terminal of a foreground start closing (an ssh session that drops): stop as cleanly.
  process.on('SIGHUP', () => stop('SIGHUP'));
  await started;
}

main().catch((error: unknown) => failedToStart(error));
