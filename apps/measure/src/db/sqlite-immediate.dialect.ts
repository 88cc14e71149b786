import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver } from 'kysely';

/**
 * SQLite transactions that take the write lock at BEGIN. A deferred BEGIN
 * that later writes can fail with SQLITE_BUSY when another process (a second
 * instance on the same file) wrote in between; IMMEDIATE makes writers queue
 * at the start instead, so read-modify-write sequences (next version number)
 * are serialised.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
