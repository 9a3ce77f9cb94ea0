// Several app servers behind nginx on loopback, as the README deploys them: for the cluster test, the browser journey
// across two servers and the benchmark. Ports come from 18000–18999 unless given.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** A port nothing listens on, from 18000–18999. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 18000 + Math.floor(Math.random() * 1000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, exited?: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited?.()) throw new Error(`${what}: the process exited`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not ready within ${timeoutMs} ms`);
}

export interface AppServer {
  port: number;
  child: ChildProcess;
  /** The exit code (or the signal's name) once it has left. */
  exited: Promise<number | string>;
  /** Whatever it wrote (its log, shown when a test fails). */
  output: () => string;
}

/** Starts one app server (`node` running main.ts through tsx, as `npm start` does) and waits until /api/ready answers 200. */
export async function startAppServer(env: Record<string, string>, port: number): Promise<AppServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let done = false;
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      done = true;
      resolve(code ?? signal ?? -1);
    }),
  );
  await waitFor(
    `app server on ${port}`,
    async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok,
    60_000,
    () => done,
  ).catch((err) => {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${output}`);
  });
  return { port, child, exited, output: () => output };
}

export interface NginxOptions {
  /** Where nginx listens (127.0.0.1:port). */
  port: number;
  upstreams: number[];
  /** A response header naming the app server that answered (tests see how requests were spread). */
  revealUpstream?: boolean;
}

/**
 * The README's configuration of the balancer (the `http` block's upstream and server), with what an unprivileged nginx
 * run from a temporary prefix needs around it (its pid, logs and temporary files there).
 */
export function nginxConfig(dir: string, { port, upstreams, revealUpstream }: NginxOptions): string {
  const proxy = `
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;${revealUpstream ? '\n      add_header X-Upstream $upstream_addr always;' : ''}`;
  return `worker_processes 1;
worker_rlimit_nofile 8192;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream portal {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 11m;
    location / {${proxy}
      proxy_read_timeout 60s;
    }
    location = /api/live {${proxy}
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

export interface Nginx {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground from a temporary prefix (`nginx -p DIR -c FILE -g 'daemon off;'`). */
export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
  // Run as root, nginx's workers are `nobody`: they need to reach the prefix and write their temporary files.
  fs.chmodSync(dir, 0o755);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, sub), { mode: 0o777 });
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, nginxConfig(dir, options));
  const child = spawn(NGINX, ['-p', dir, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let done = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      done = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${options.port}`;
  await waitFor(
    'nginx',
    async () => {
      await fetch(`${url}/nginx-probe`);
      return true;
    },
    10_000,
    () => done,
  ).catch((err) => {
    throw new Error(`${(err as Error).message}\n${stderr}`);
  });
  return {
    port: options.port,
    url,
    stop: async () => {
      if (!done) child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
