/** Where a progress bar draws: standard error, and only when it is a terminal. */
export interface ProgressTarget {
  write(text: string): void;
  isTerminal: boolean;
  columns?: number;
}

/** Redraws at most this often: a terminal write per document would cost more than the validation. */
const REDRAW_MS = 100;
/** A short run never shows a bar: it would only flicker. */
const FIRST_DRAW_MS = 300;
const CLEAR_LINE = '\r\x1b[K';

/** Bytes as megabytes with one decimal, as the bar shows them. */
export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
/** A size in the unit that keeps its digits: bytes, kB or MB. */
export const byteSize = (bytes: number) =>
  bytes < 10_000 ? `${bytes} B` : bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : megabytes(bytes);
/** Digits grouped by thousands with a space, as the docs write 100 000. */
export const grouped = (value: number) => Math.round(value).toLocaleString('en-US').replace(/,/g, ' ');

/**
 * A one-line progress bar on a terminal's standard error, redrawn in place and throttled; on anything else
 * (a pipe, a file) it writes nothing at all, so logs and machine readers never see it.
 */
export class Progress {
  private readonly started = performance.now();
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly target: ProgressTarget | undefined,
    private readonly label: string,
    /** What `done` counts up to (bytes, rounds); undefined when unknown, as on standard input. */
    private readonly total: number | undefined,
  ) {}

  /** Offers the current state; it is drawn only on a terminal, after the first moments, and throttled. */
  update(done: number, detail: () => string): void {
    if (this.target?.isTerminal !== true) return;
    const now = performance.now();
    if (now - this.started < FIRST_DRAW_MS || now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    this.drawn = true;
    this.target.write(`${CLEAR_LINE}${this.render(done, detail())}`);
  }

  /** Removes the bar before other output, so lines on the terminal never run into it. */
  clear(): void {
    if (!this.drawn || this.target === undefined) return;
    this.target.write(CLEAR_LINE);
    this.drawn = false;
  }

  private render(done: number, detail: string): string {
    const columns = Math.max(40, Math.min(this.target?.columns || 80, 120)) - 1;
    if (this.total === undefined || this.total === 0) return `${this.label}  ${detail}`.slice(0, columns);
    const share = Math.min(done / this.total, 1);
    const text = ` ${String(Math.floor(share * 100)).padStart(3)}%  ${detail}`;
    const width = Math.max(10, Math.min(40, columns - this.label.length - text.length - 3));
    const filled = Math.round(share * width);
    return `${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${text}`.slice(0, columns);
  }
}
