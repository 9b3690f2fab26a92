import { hostname } from 'node:os';
import { batchedLines } from './log-lines.js';

/** `json`: one object a line, with pino's fields, for a log pipeline; `text`: the human lines, for a terminal. */
export type LogFormat = 'json' | 'text';

export const LOG_FORMATS: readonly LogFormat[] = ['json', 'text'];

/** pino's level numbers, so that the tools that read pino's lines read these (contract: log-format). */
const LEVEL_NUMBERS = { info: 30, warn: 40, error: 50 } as const;

export type LogLevel = keyof typeof LEVEL_NUMBERS;

/** One line of the gateway's log, before it is written in either format. */
export interface LogEntry {
  level: LogLevel;
  /** What happened, in a sentence: the JSON line's `msg`, and the human line unless `text` is given. */
  msg: string;
  /** The human line, when it is more than `msg` (the request line, a line that starts with its time). */
  text?: string;
  /** The JSON line's fields beside pino's own: `req`, `res`, `responseTime`, `trace_id`, `span_id`. */
  fields?: Readonly<Record<string, unknown>>;
  /**
   * The same entry made again with the log's redaction in hand, for one that holds text a client chose and cuts
   * it: the cut comes after the redaction, so a secret at the cut is redacted whole (contract: log-format).
   */
  redactedWith?: (redact: (text: string) => string) => LogEntry;
}

/** Where the gateway's lines go: an entry, or a sentence, which is an `info` entry. */
export type GatewayLog = (entry: LogEntry | string) => void;

/** An entry whose human line starts with the time it was made, as a request's line does. */
export function timedEntry(level: LogLevel, msg: string, fields?: LogEntry['fields']): LogEntry {
  return {
    level,
    msg,
    text: `${new Date().toISOString()} ${msg}`,
    ...(fields === undefined ? {} : { fields }),
  };
}

/** The gateway's log and its other output, in one format and one order. */
export interface LogWriter {
  /** Queues a line; lines are written together once the current turn of the event loop ends. */
  log: GatewayLog;
  /**
   * Writes what the gateway says of itself (the banner, the stop), one entry a line in JSON, after what is
   * queued. Not redacted: the banner prints a key generated now, once, on purpose (contract: operator-output).
   */
  print(text: string): void;
  /** Writes what is queued now. */
  flush(): void;
}

/**
 * `value` as JSON, each string redacted before it is escaped, so a secret is found as it is, not as JSON escapes
 * it. Written by hand: `JSON.stringify` with a replacer function costs a request line several times more.
 */
function redactedJson(value: unknown, redact: (text: string) => string): string {
  if (typeof value === 'string') return JSON.stringify(redact(value));
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item: unknown) => redactedJson(item, redact)).join(',')}]`;
  let members = '';
  for (const name in value) {
    const member = (value as Record<string, unknown>)[name];
    if (member === undefined) continue;
    members += `${members === '' ? '' : ','}${JSON.stringify(name)}:${redactedJson(member, redact)}`;
  }
  return `{${members}}`;
}

/**
 * The log in `format`, written through `write` with every string of every line passed through `redact` first, in
 * both formats (contract: operator-output). JSON lines carry pino's fields, in pino's order: `level`, `time`
 * (epoch milliseconds), `pid`, `hostname`, the entry's fields, then `msg` (contract: log-format).
 */
export function logWriter(
  format: LogFormat,
  write: (text: string) => unknown,
  redact: (text: string) => string,
): LogWriter {
  const lines = batchedLines(write);
  const host = JSON.stringify(hostname());
  const jsonLine = (level: LogLevel, msg: string, fields: LogEntry['fields']): string => {
    let line = `{"level":${LEVEL_NUMBERS[level]},"time":${Date.now()},"pid":${process.pid},"hostname":${host}`;
    if (fields !== undefined) {
      for (const name in fields) {
        const value = fields[name];
        if (value !== undefined) line += `,${JSON.stringify(name)}:${redactedJson(value, redact)}`;
      }
    }
    return `${line},"msg":${JSON.stringify(msg)}}`;
  };
  const entryLine =
    format === 'json'
      ? (entry: LogEntry) => jsonLine(entry.level, redact(entry.msg), entry.fields)
      : (entry: LogEntry) => redact(entry.text ?? entry.msg);
  return {
    log: (entry) => {
      if (typeof entry === 'string') return lines.line(entryLine({ level: 'info', msg: entry }));
      lines.line(entryLine(entry.redactedWith?.(redact) ?? entry));
    },
    print(text) {
      lines.flush();
      if (format === 'text') return void write(text);
      const said = text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => `${jsonLine('info', line.trim(), undefined)}\n`);
      if (said.length > 0) write(said.join(''));
    },
    flush: lines.flush,
  };
}
