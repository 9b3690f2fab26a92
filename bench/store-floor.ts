import { createServer } from 'node:http';
import { openPgliteEngine } from '../src/http/store/pglite-engine.js';
import { openPostgresEngine } from '../src/http/store/postgres-engine.js';
import type { SqlEngine } from '../src/http/store/sql-engine.js';
import { reportUsage } from './server-usage.js';

/*
 * The floor a store's row is measured against: a bare node:http server that does one statement per request on
 * the same engine, and nothing else a gateway does (no key, no validation, no versions). A create upserts the
 * body's JSON into one table under its slug; a read answers the row's stored text.
 *
 *   node dist/bench/store-floor.js postgres <DATABASE_URL> | pglite <data dir> | pglite-unsynced <data dir>
 */

const [engineName, where] = process.argv.slice(2) as ['postgres' | 'pglite' | 'pglite-unsynced', string];
const engine: SqlEngine =
  engineName === 'postgres'
    ? await openPostgresEngine(where)
    : await openPgliteEngine(where, { sync: engineName === 'pglite' });
await engine.query(`CREATE TABLE IF NOT EXISTS floor_presets (slug text PRIMARY KEY, preset json NOT NULL)`);

const CREATE = /^\/api\/v1\/presets\/([^/]+)\/messages$/;
const READ = /^\/api\/v1\/presets\/([^/]+)\/versions\/1$/;
let served = 0;

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const answer = (status: number, text: string) => {
      served++;
      response.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      response.end(text);
    };
    const url = request.url ?? '';
    const created = CREATE.exec(url);
    const read = READ.exec(url);
    const statement = created
      ? engine
          .query(
            `INSERT INTO floor_presets (slug, preset) VALUES ($1, $2::json)
            ON CONFLICT (slug) DO UPDATE SET preset = EXCLUDED.preset`,
            [created[1], Buffer.concat(chunks).toString('utf8')],
          )
          .then(() => answer(200, '{"data":{}}'))
      : read
        ? engine
            .query<{ preset: string }>('SELECT preset::text AS preset FROM floor_presets WHERE slug = $1', [
              read[1],
            ])
            .then(({ rows }) => (rows[0] ? answer(200, `{"data":${rows[0].preset}}`) : answer(404, '{}')))
        : Promise.resolve(answer(404, '{}'));
    statement.catch(() => answer(500, '{}'));
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  reportUsage(() => served);
  console.log(`http://127.0.0.1:${port}/api/v1`);
});
process.once('SIGTERM', () => server.close(() => void engine.close().then(() => process.disconnect())));
