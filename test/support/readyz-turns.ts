/**
 * The bound on `/readyz` turning after the store does: the contract's 10 s. A probe's answer is kept 1 s and may
 * take 1 s, so an idle machine turns within 2 s; the rest is room for a loaded one.
 */
export const READYZ_TURNS_MS = 10_000;

/** Asks `/readyz` until it answers `status`, for at most `READYZ_TURNS_MS` from `since`; resolves with the last answer. */
export async function readyzTurns(baseUrl: string, status: number, since: number): Promise<number> {
  const readyz = new URL('/readyz', baseUrl).href;
  let answer = (await fetch(readyz)).status;
  while (answer !== status && performance.now() - since < READYZ_TURNS_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = (await fetch(readyz)).status;
  }
  return answer;
}
