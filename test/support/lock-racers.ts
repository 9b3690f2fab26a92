import { spawn } from 'node:child_process';

/**
 * A child that loads the lock module, says `ready`, and on `go` takes the lock: `won` (holding it until its
 * stdin ends) or `lost <why>` (and exits). Nothing else of the gateway loads, so hundreds of them are cheap.
 * A loser waits 0.25 s for the lock, not a start's 2 s for a dying holder: the winner holds it until every
 * racer answered, so the wait changes no outcome, while each 50 ms of it is a flock command per loser.
 */
const racer = (lockModule: string) => `
import { lockDataDir } from ${JSON.stringify(lockModule)};
process.stdout.write('ready\\n');
process.stdin.once('data', async () => {
  try {
    await lockDataDir(process.argv[1], { dyingHolderMs: 250 });
    process.stdout.write('won\\n');
    process.stdin.resume();
  } catch (error) {
    process.stdout.write('lost ' + error.message + '\\n');
    process.exit(0);
  }
});`;

/**
 * Starts `count` processes that each try to lock `dataDir` at the same moment (all are ready before any goes),
 * and resolves with what each said (`won`, or `lost` and the refusal). `lockModule` is the compiled
 * `data-dir-lock.js`. The winner holds the lock until every racer has answered; then all are killed.
 */
export async function raceForLock(lockModule: string, dataDir: string, count: number): Promise<string[]> {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--input-type=module', '-e', racer(lockModule), dataDir], { stdio: 'pipe' }),
  );
  try {
    const ready: Array<Promise<void>> = [];
    const said = children.map((child) => {
      let output = '';
      let onReady = () => {};
      ready.push(new Promise<void>((resolve) => (onReady = resolve)));
      return new Promise<string>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk;
          if (output.startsWith('ready\n')) onReady();
          const line = output.split('\n')[1];
          if (line) resolve(line);
        });
        child.once('close', () => {
          onReady();
          resolve(output.split('\n')[1] || `exited: ${output}`);
        });
      });
    });
    await Promise.all(ready);
    for (const child of children) child.stdin.write('go\n');
    return await Promise.all(said);
  } finally {
    for (const child of children) child.kill('SIGKILL');
  }
}
