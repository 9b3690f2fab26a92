/**
 * `gateway-contract/store`: the preset store over PostgreSQL (`pg`) or PGlite (`@electric-sql/pglite`), both
 * optional peer dependencies loaded only when an engine is opened; the validators never load them.
 */
export { SqlPresetStore, type SqlPresetStoreOptions } from './sql-preset-store.js';
export { migrate, migrations, SchemaTooNew } from './sql-migrations.js';
export { openPostgresEngine, type PostgresEngineOptions } from './postgres-engine.js';
export { DEFAULT_POSTGRES_DEADLINES, type PostgresDeadlines } from './postgres-deadlines.js';
export { openPgliteEngine, type PgliteEngineOptions } from './pglite-engine.js';
export { PresetStoreUnavailable } from './preset-store-unavailable.js';
export { DataDirRefused } from './owned-data-dir.js';
export { MissingDriver } from './optional-driver.js';
export {
  isResourceFault,
  isUniqueViolation,
  type SqlEngine,
  type SqlResult,
  type SqlSession,
  type TransactionOptions,
} from './sql-engine.js';
