import { describe, expect, it } from 'vitest';
import { hostileCases } from '../fixtures/hostile/index.js';
import { prototypeSnapshot, runCase, type Outcome } from '../fixtures/hostile/run-case.js';

/*
 * The adversarial corpus (test/fixtures/hostile/): every case runs through the library as a server would run a request,
 * and must get its expected status and issue path, without a crash and without leaking anything.
 */

const tally = { cases: 0, crashes: 0, acceptedInvalid: 0, rejectedValid: 0, leaks: 0 };
const prototypesBefore = prototypeSnapshot();

function record(expected: number, outcome: Outcome): void {
  tally.cases++;
  if (outcome.crash !== undefined) tally.crashes++;
  else if (expected !== 200 && outcome.status === 200) tally.acceptedInvalid++;
  else if (expected === 200 && outcome.status !== 200) tally.rejectedValid++;
  if (outcome.leaks.length > 0) tally.leaks++;
}

describe('the hostile corpus', () => {
  it('has at least 150 cases with distinct names', () => {
    const names = hostileCases.map((hostileCase) => `${hostileCase.kind}: ${hostileCase.name}`);
    expect(hostileCases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(
    hostileCases.map((hostileCase) => [`${hostileCase.kind}: ${hostileCase.name}`, hostileCase] as const),
  )('%s', (_name, hostileCase) => {
    const outcome = runCase(hostileCase);
    // Checked after every case, so a pollution is pinned on the case that caused it.
    if (prototypeSnapshot() !== prototypesBefore || 'polluted' in {})
      outcome.leaks.push('Object.prototype changed');
    record(hostileCase.expect.status, outcome);
    expect(outcome.crash).toBeUndefined();
    expect(outcome.status).toBe(hostileCase.expect.status);
    if (hostileCase.expect.status === 400) expect(outcome.path).toBe(hostileCase.expect.path);
    expect(outcome.leaks).toEqual([]);
    expect(outcome.mismatches).toEqual([]);
  });

  it('reports no crash, no wrong verdict and no leak', () => {
    const line =
      `hostile: ${tally.cases} cases, ${tally.crashes} crashes, ${tally.acceptedInvalid} accepted-invalid, ` +
      `${tally.rejectedValid} rejected-valid, ${tally.leaks} leaks`;
    console.log(line);
    expect(tally.cases).toBe(hostileCases.length);
    expect(tally).toMatchObject({ crashes: 0, acceptedInvalid: 0, rejectedValid: 0, leaks: 0 });
  });
});
