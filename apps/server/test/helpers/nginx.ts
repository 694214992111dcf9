// nginx from Debian's packages as the load balancer in front of several server processes (the configuration docs/operations.md shows).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The nginx binary when the machine has one (.ci/run installs it). */
export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** The balancing part of the configuration: what an operator copies (docs/operations.md). */
export function nginxServerConfig(listenPort: number, upstreamPorts: readonly number[]): string {
  return `
  upstream costory {
${upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 2m;
    location / {
      proxy_pass http://costory;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A process that died: safe requests go to the next one; writes are never sent twice.
      proxy_next_upstream error timeout;
      proxy_read_timeout 120s;
    }
  }`;
}

export async function startNginx(
  listenPort: number,
  upstreamPorts: readonly number[],
): Promise<Nginx> {
  if (!NGINX_BINARY) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const prefix = await mkdtemp(join(tmpdir(), 'costory-nginx-'));
  const config = `
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${nginxServerConfig(listenPort, upstreamPorts)}
}
`;
  await writeFile(join(prefix, 'nginx.conf'), config);
  const child: ChildProcess = spawn(
    NGINX_BINARY,
    ['-p', prefix, '-c', join(prefix, 'nginx.conf')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    const answered = await fetch(`${url}/api/health/live`)
      .then(() => true)
      .catch(() => false);
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
