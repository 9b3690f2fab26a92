import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The words of a shell command as `sh` reads them: single quotes literal, `$NAME` expanded inside double ones. */
export function shellWords(command: string, env: Readonly<Record<string, string | undefined>>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const character = command[i] as string;
    if (character === ' ') {
      if (word !== null) words.push(word);
      word = null;
    } else if (character === "'") {
      const end = command.indexOf("'", i + 1);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (character === '"') {
      const end = command.indexOf('"', i + 1);
      const quoted = command.slice(i + 1, end).replace(/\$([A-Z_]+)/g, (_, name: string) => env[name] ?? '');
      word = (word ?? '') + quoted;
      i = end;
    } else {
      word = (word ?? '') + character;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/**
 * Runs one of the banner's curl commands as a fetch call, for a machine without curl: the options the banner
 * uses (`-s`, `-X`, `-H`, `-d`, `--data-binary @file`) and nothing else, so a new option fails loudly here.
 */
export async function fetchLikeCurl(
  command: string,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): Promise<{ status: number; body: string }> {
  const [program, ...args] = shellWords(command, env);
  if (program !== 'curl') throw new Error(`not a curl command: ${command}`);
  let url: string | undefined;
  let method: string | undefined;
  let body: string | undefined;
  const headers = new Headers();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-s') continue;
    else if (arg === '-X') method = args[++i];
    else if (arg === '-H') {
      const header = args[++i] as string;
      const colon = header.indexOf(':');
      headers.set(header.slice(0, colon), header.slice(colon + 1).trim());
    } else if (arg === '-d' || arg === '--data-binary') {
      const data = args[++i] as string;
      body = data.startsWith('@') ? readFileSync(join(cwd, data.slice(1)), 'utf8') : data;
    } else if (!arg.startsWith('-')) url = arg;
    else throw new Error(`curl option the banner does not use: ${arg}`);
  }
  const response = await fetch(url as string, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  return { status: response.status, body: await response.text() };
}
