import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'larder' },
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', 'token'],
    ...(config.logFormat === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  });
}
