// The generated ingress configuration as nginx itself reads it (Debian's nginx, installed by .ci/run).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingressConfig, upstreamsConfig } from './ingress';

it('is accepted by nginx (nginx -t)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingress-'));
  try {
    // The container's paths pointed into the temporary folder; no Docker DNS here.
    const local = ingressConfig()
      .replaceAll('/tmp/nginx/', `${dir}/`)
      .replace('include /etc/nginx/modules-enabled/*.conf;', '')
      .replace('resolver 127.0.0.11', 'resolver 127.0.0.1')
      .replace('access_log /dev/stdout', `access_log ${dir}/access.log`);
    writeFileSync(join(dir, 'upstreams.conf'), upstreamsConfig({ chat: ['127.0.0.1', '127.0.0.2'] }));
    writeFileSync(join(dir, 'nginx.conf'), local);
    execFileSync('/usr/sbin/nginx', ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
