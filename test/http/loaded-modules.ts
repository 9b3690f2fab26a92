import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Resolve hooks that report every URL a module graph resolves, run off-thread as Node runs its hooks. */
const hooks = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;

/**
 * Every module URL a fresh Node resolves while importing `specifier` by the package's own name, as a user's
 * code would: what the entry really loads at run time, type-only imports and all dead code excluded.
 */
export function modulesResolvedBy(specifier: string): string[] {
  const script = `
    import { register } from 'node:module';
    import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
    const { port1, port2 } = new MessageChannel();
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}), {
      data: { port: port2 },
      transferList: [port2],
    });
    await import(${JSON.stringify(specifier)});
    const urls = [];
    for (let message = receiveMessageOnPort(port1); message; message = receiveMessageOnPort(port1)) {
      urls.push(message.message);
    }
    port1.close();
    console.log(JSON.stringify(urls));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '--eval', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return (JSON.parse(output) as string[]).map((url) =>
    url.startsWith('file:') ? fileURLToPath(url).slice(root.length) : url,
  );
}
