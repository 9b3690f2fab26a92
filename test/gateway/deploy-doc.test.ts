import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { OPERATOR_PATHS } from '../../src/gateway/operator-routes.js';
import { DEFAULT_SHUTDOWN_DELAY_S, STOP_WITHIN_MS } from '../../src/gateway/shutdown.js';
import { initializedDataDir } from '../support/initialized-data-dir.js';
import { freePort } from '../support/postgres-server.js';
import { repositoryRoot } from '../support/repository-root.js';
import { spawnServe } from './serve-process.js';

/*
 * docs/deploy.md, tested as far as a machine without a container engine allows (contract: orchestrators): the
 * image's command runs with the image's settings, and the Kubernetes manifest's paths, ports and timings agree
 * with the gateway's.
 */

const page = readFileSync(join(repositoryRoot, 'docs/deploy.md'), 'utf8');
const block = (language: string) => {
  const found = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(page)?.[1];
  if (found === undefined) throw new Error(`docs/deploy.md has no ${language} block`);
  return found;
};

/** The Dockerfile's final stage: its `ENV` settings and its `CMD`. */
function image(): { env: Record<string, string>; cmd: string[] } {
  const stages = block('dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split(/^FROM /m);
  const last = stages.at(-1)!;
  const env: Record<string, string> = {};
  for (const [, settings] of last.matchAll(/^ENV (.+)$/gm)) {
    for (const [, name, value] of settings!.matchAll(/([A-Z_]+)=(\S+)/g)) env[name!] = value!;
  }
  const cmd = JSON.parse(/^CMD (.+)$/m.exec(last)![1]!) as string[];
  return { env, cmd };
}

interface Probe {
  httpGet: { path: string; port: string | number };
  periodSeconds: number;
  failureThreshold: number;
}

interface Container {
  ports: Array<{ name: string; containerPort: number }>;
  env: Array<{ name: string; value?: string }>;
  startupProbe: Probe;
  livenessProbe: Probe;
  readinessProbe: Probe;
}

function manifests() {
  const documents = parseAllDocuments(block('yaml')).map((document) => {
    if (document.errors.length > 0)
      throw new Error(`the manifest does not parse: ${document.errors[0]!.message}`);
    return document.toJS() as { kind: string; spec: Record<string, unknown> };
  });
  const deployment = documents.find((document) => document.kind === 'Deployment')!;
  const service = documents.find((document) => document.kind === 'Service')!;
  const pod = (
    deployment.spec['template'] as {
      spec: { terminationGracePeriodSeconds: number; containers: Container[] };
    }
  ).spec;
  return { pod, container: pod.containers[0]!, service };
}

const scratch = mkdtempSync(join(tmpdir(), 'gateway-contract-deploy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('docs/deploy.md', () => {
  it("has a Kubernetes manifest whose probes, ports and timings agree with the gateway's", () => {
    const { env } = image();
    const { pod, container, service } = manifests();
    const variable = (name: string) => container.env.find((entry) => entry.name === name)?.value ?? env[name];
    const http = container.ports.find((port) => port.name === 'http')!;
    expect(http.containerPort).toBe(Number(variable('PORT')));
    expect(Number(env['PORT'])).toBe(http.containerPort);
    expect((service.spec['ports'] as Array<{ targetPort: string }>)[0]!.targetPort).toBe('http');
    expect(container.startupProbe.httpGet).toEqual({ path: OPERATOR_PATHS.healthz, port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: OPERATOR_PATHS.healthz, port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: OPERATOR_PATHS.readyz, port: 'http' });
    const delay = Number(variable('GATEWAY_SHUTDOWN_DELAY'));
    expect(delay).toBe(Number(env['GATEWAY_SHUTDOWN_DELAY']));
    expect(delay).toBe(DEFAULT_SHUTDOWN_DELAY_S);
    // The readiness probe notices the 503 before the delay ends, and the kubelet waits out the whole stop.
    const { periodSeconds, failureThreshold } = container.readinessProbe;
    expect(periodSeconds * failureThreshold).toBeLessThan(delay);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(delay + STOP_WITHIN_MS / 1000);
  });

  it("runs the image's command with the image's settings: probes answer, no key in the log, SIGTERM ends it", async () => {
    const { env, cmd } = image();
    const bin = cmd[0]!.replace(/^node_modules\/gateway-contract\//, '');
    expect(bin).toBe('dist/lib/bin.js');
    // Loopback and a free port in place of 0.0.0.0:8787; the data volume a scratch directory, its PostgreSQL
    // made once for the run (a first start on an empty directory is the orchestrator test's).
    const volume = join(scratch, 'data');
    mkdirSync(volume, { mode: 0o700 });
    const dataDir = env['GATEWAY_DATA_DIR']!.replace(/^\/data/, volume);
    await initializedDataDir(dataDir);
    const port = await freePort();
    const run = spawnServe(
      { ...env, HOST: '127.0.0.1', PORT: String(port), GATEWAY_DATA_DIR: dataDir },
      cmd.slice(2),
      { bin },
    );
    try {
      const origin = `http://127.0.0.1:${port}`;
      let ready = 0;
      for (const since = performance.now(); ready !== 200 && performance.now() - since < 90_000;) {
        ready = await fetch(`${origin}/readyz`).then(
          (response) => response.status,
          () => 0,
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ready).toBe(200);
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
      expect((await fetch(`${origin}/metrics`)).status).toBe(200);
      const keyFile = join(dataDir, 'generated-keys.env');
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      for (const line of readFileSync(keyFile, 'utf8').trim().split('\n')) {
        expect(run.output()).not.toContain(line.slice(line.indexOf('=') + 1));
      }
      for (const line of run.output().trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
      const signalled = performance.now();
      run.child.kill('SIGTERM');
      // The signal reaches the process a moment after it is sent: ask until /readyz says 503, for 2 s at most.
      let readyz = 200;
      while (readyz !== 503 && performance.now() - signalled < 2_000) {
        readyz = (await fetch(`${origin}/readyz`)).status;
      }
      expect(readyz).toBe(503);
      expect(await run.exited).toBe(0);
      const gone = performance.now() - signalled;
      console.info(`figure: documented settings, process gone after SIGTERM: ${Math.round(gone)} ms`);
      expect(gone).toBeLessThanOrEqual((Number(env['GATEWAY_SHUTDOWN_DELAY']) + 15) * 1000);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 150_000);
});
