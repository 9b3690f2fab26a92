/**
 * A generated table of the documentation: a row per line, cells unpadded, under `<!-- prettier-ignore -->` so
 * Prettier leaves it as written. A padded table re-pads every row of a column when one cell grows; this one
 * changes the rows whose cells change, and a diff of the page is the diff of the facts.
 */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return ['<!-- prettier-ignore -->', line(header), line(header.map(() => '---')), ...rows.map(line)].join(
    '\n',
  );
}
