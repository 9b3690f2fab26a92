import { logWriter, type LogFormat } from '../../src/gateway/log-writer.js';

/** The gateway's log in `format`, kept in memory: its lines so far, the queued ones written first. */
export function capturedLog(format: LogFormat = 'text', redact: (text: string) => string = (text) => text) {
  let written = '';
  const writer = logWriter(format, (text) => (written += text), redact);
  return {
    log: writer.log,
    print: writer.print,
    lines(): string[] {
      writer.flush();
      return written.split('\n').filter((line) => line !== '');
    },
  };
}
