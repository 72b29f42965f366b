// The generated ingress configuration as nginx itself reads it (Debian's nginx, installed by .ci/run).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingressConfig, upstreamsConfig, upstreamsEnv } from './ingress';

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

it('ingress-upstreams.sh writes the blocks upstreamsConfig writes, from the replicas Swarm’s DNS lists', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingress-dns-'));
  try {
    // Swarm's DNS as getent shows it: one line per address and socket type, the name on the first.
    writeFileSync(
      join(dir, 'getent'),
      [
        '#!/bin/sh',
        'case "$2" in',
        "  tasks.chat) printf '10.9.0.6 STREAM tasks.chat\\n10.9.0.6 DGRAM\\n10.9.0.5 STREAM\\n' ;;",
        "  tasks.jobs) printf '10.9.0.7 STREAM tasks.jobs\\n' ;;",
        '  *) exit 2 ;;',
        'esac',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    const rendered = execFileSync('/bin/sh', [join(__dirname, 'ingress-upstreams.sh'), '--render-once'], {
      env: { PATH: `${dir}:/usr/bin:/bin`, UPSTREAMS: upstreamsEnv() },
      encoding: 'utf8',
    });
    const expected = upstreamsConfig({ chat: ['10.9.0.5', '10.9.0.6'], jobs: ['10.9.0.7'] });
    expect(rendered).toBe(expected);
    // The socket-holding part is never set aside by passive checks; the others are, briefly.
    expect(rendered).toMatch(/server 10\.9\.0\.5:\d+ max_fails=0;/);
    expect(rendered).toMatch(/server 10\.9\.0\.7:\d+ max_fails=1 fail_timeout=2s;/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
