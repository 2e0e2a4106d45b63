export { createApp, type AppOptions } from './app.js';
export { composeContainer, type Overrides } from './composition-root.js';
export { loadConfig, type Config } from './config.js';
export { createLogger } from './logging.js';
export { startService, type RunningService } from './server.js';
