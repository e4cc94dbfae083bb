export { authCallbackPath, type BuildServerOverrides, buildServer } from './app.ts';
export { type Config, ConfigError, loadConfig } from './config.ts';
export {
  createDatabase,
  type Database,
  type DatabaseHandle,
  type DatabaseTarget,
} from './db/create-database.ts';
export * as schema from './db/schema.ts';
export { AppError, NotAuthorizedError, NotFoundError, ValidationError } from './errors.ts';
