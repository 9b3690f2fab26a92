import { DEFAULT_MAX_BODY_BYTES } from '../body/body-limits.js';
import { rootNames } from '../core/validators.js';

/** What `-h` prints; docs/cli.md says the same at length. */
export const usage = `Usage:
  gateway-contract validate <name> [files|dirs|-]... [--json] [--strict] [--max-bytes N] [--format F]
                                              check every document: JSON or JSON Lines files, directories
                                              (their .json, .jsonl, .ndjson files, sorted), - or nothing for
                                              standard input; one line per issue (file:line: path sentence)
                                              and the counts per input on stdout
      --json                                  one JSON object per document, then a summary object
      --strict                                reject unknown properties
      --max-bytes N                           largest document, in bytes or KiB/MiB (default ${DEFAULT_MAX_BODY_BYTES})
      --format auto|json|jsonl                how inputs hold documents (default auto: .jsonl and .ndjson
                                              are JSON Lines; otherwise JSON Lines when the first non-blank
                                              line is a JSON value by itself and another line follows)
      --quiet                                 print nothing, answer by the exit code
      --no-progress                           no progress bar (it shows only when stderr is a terminal)
  gateway-contract bench <name> <files...> [--rounds N] [--max-documents N] [--strict] [--max-bytes N]
                                              time validation of your documents against JSON.parse of the
                                              same text, and print a table
  gateway-contract normalize [file|-] [--strict] [--max-bytes N] [--format F]
                                              print {config, system_prompt, dropped} of a messages request
                                              (one per line for JSON Lines), or its error body
  gateway-contract serve [--host H] [--port P] [--base-path /api/v1] [--catalog FILE] [--memory]
                       [--cors ORIGIN]... [--metrics] [--log-format json|text]
                                              run the reference gateway (HOST, PORT, GATEWAY_MANAGEMENT_KEY,
                                              GATEWAY_API_KEY from the environment; each flag has its variable:
                                              GATEWAY_BASE_PATH, GATEWAY_CATALOG, GATEWAY_MEMORY, GATEWAY_CORS
                                              (a comma list), GATEWAY_METRICS) until SIGTERM or SIGINT, serving
                                              on for GATEWAY_SHUTDOWN_DELAY seconds after SIGTERM;
                                              presets and keys kept in PostgreSQL (DATABASE_URL), else in
                                              GATEWAY_DATA_DIR (embedded PGlite), or nowhere with --memory;
                                              GET /healthz and /readyz for operators, and with --metrics
                                              Prometheus metrics at GET /metrics (needs prom-client)
      --log-format json|text                  one JSON object a line (pino's fields) or human lines; by
                                              default (and GATEWAY_LOG_FORMAT) text on a terminal, else JSON
  gateway-contract --version | -h
Names: ${rootNames.join(', ')}
Exit codes: 0 every document valid; 1 some document invalid; 2 usage error, or an input that could not be read
`;
