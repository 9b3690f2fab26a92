import { describe, expect, it } from 'vitest';
import { END_MARKER, replaceOwnPart } from '../../bench/results.js';

const ours =
  '# Benchmark results\n\nnew\n\n## Targets (20 of 26 met)\n\nnew targets\n\n## Cold start\n\nnew cold start\n';

describe('npm run bench -- --write', () => {
  it('replaces its own part up to the marker and keeps every section after it', () => {
    const file = `# Benchmark results\n\nold\n\n${END_MARKER}\n\n## Hostile bodies: time to a verdict\n\nhostile\n\n## HTTP load\n\nload\n`;
    expect(replaceOwnPart(file, ours)).toBe(
      `${ours}\n${END_MARKER}\n\n## Hostile bodies: time to a verdict\n\nhostile\n\n## HTTP load\n\nload\n`,
    );
  });

  it('in a file without the marker, keeps the sections from the first one it does not write', () => {
    const file =
      '# Benchmark results\n\nold\n\n## Targets (13 of 26 met)\n\nold targets\n\n## Cold start\n\nold\n\n' +
      '## Hostile bodies: time to a verdict\n\nhostile\n';
    expect(replaceOwnPart(file, ours)).toBe(
      `${ours}\n${END_MARKER}\n\n## Hostile bodies: time to a verdict\n\nhostile\n`,
    );
  });

  it('writes the marker after its part when nothing follows', () => {
    expect(replaceOwnPart('# Benchmark results\n\nold\n', ours)).toBe(`${ours}\n${END_MARKER}\n`);
  });
});
