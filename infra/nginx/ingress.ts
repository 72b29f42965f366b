/**
 * The nginx ingress of the Swarm stack, written from the topology's routes (which come from the
 * contracts' route table), so the ingress cannot drift from what the services serve.
 *
 * Upstreams name every replica's own address (`tasks.<service>` in Swarm's DNS), not the service's
 * virtual IP, so that `least_conn` sees each replica (chat's sockets spread by open connections) and a
 * replica that refuses a connection is skipped for the next. nginx 1.22 resolves upstream names only
 * when it loads its configuration: ingress-upstreams.sh resolves them every two seconds and reloads
 * nginx when the set of replicas changed (a scale, a rolling update, a replica lost).
 */
import { ingressRoutes, SERVICE_PORT, WEB_PORT, INGRESS_PORT, type IngressRoute } from '../topology';

/** Parts the ingress sends traffic to through an upstream (every part but the versioned remotes). */
export function upstreamParts(routes: IngressRoute[] = ingressRoutes()): string[] {
  return [...new Set(routes.filter((route) => !route.versioned).map((route) => route.to))].sort();
}

const portOf = (part: string) => (part.startsWith('web-') ? WEB_PORT : SERVICE_PORT);

/**
 * nginx's passive health check on each replica of a part. For most parts one failure sets a replica
 * aside for 2 s (the next request goes to another at once). Not for the parts that hold sockets
 * (chat): when a replica stops, thousands of clients reconnect within seconds, and under that burst
 * every draining replica's 503 and every slow connect set a replica aside until none was left and
 * nginx answered 502 without trying any (seen in the scaling bench: 2,258 such 502s in one SIGTERM).
 * There a replica is never set aside: a draining one refuses the connection (or answers 503 on one
 * already open), as does a stopped one, both retried on the next replica at once, and a lost one
 * leaves the list within the 2 s of ingress-upstreams.sh's refresh.
 */
export function serverOptions(part: string, routes: IngressRoute[] = ingressRoutes()): string {
  return routes.some((route) => route.websocket && route.to === part)
    ? 'max_fails=0'
    : 'max_fails=1 fail_timeout=2s';
}

/**
 * The ingress image's UPSTREAMS: "part:port:options" per part (options comma-separated), from which
 * ingress-upstreams.sh writes what `upstreamsConfig` does, for the replicas it finds.
 */
export function upstreamsEnv(): string {
  return upstreamParts()
    .map((part) => `${part}:${portOf(part)}:${serverOptions(part).replaceAll(' ', ',')}`)
    .join(' ');
}

/** Regex-safe literal path. */
const literal = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const proxyTo = (part: string) => [
  `proxy_pass http://${part};`,
  // A replica that refused or dropped the connection before answering: the next one gets the request.
  'proxy_next_upstream error timeout http_502 http_503;',
  'proxy_next_upstream_tries 3;',
];

function locationBlocks(route: IngressRoute): string[] {
  const body = (lines: string[]) => lines.map((line) => `      ${line}`).join('\n');
  if (route.websocket) {
    return [
      `    location = ${route.path} {\n${body([
        `proxy_pass http://${route.to};`,
        // A draining or stopped replica refuses the connection (a draining one answers 503 on a
        // connection already open), a lost one times out: each goes to the next replica.
        'proxy_next_upstream error timeout http_502 http_503;',
        'proxy_next_upstream_tries 3;',
        // A lost replica (killed, its address gone) does not refuse: the connect hangs until this
        // timeout, for every reconnect the ingress sends there until its 2 s refresh drops it. A
        // connect inside the cluster takes milliseconds (p99 0.29 s in the scaling bench's worst
        // storm), so 1 s rather than the 2 s of the other parts halves that wait.
        'proxy_connect_timeout 1s;',
        'proxy_http_version 1.1;',
        'proxy_set_header Upgrade $http_upgrade;',
        'proxy_set_header Connection $connection_upgrade;',
        // A chat socket lives for hours; the server pings it, so silence this long means it is gone.
        'proxy_read_timeout 3600s;',
        'proxy_send_timeout 3600s;',
        'proxy_buffering off;',
      ])}\n    }`,
    ];
  }
  if (route.versioned) {
    // /remotes/<app>/<version>/...: that version's own web service (web-<app>-<version>), found by
    // Swarm's DNS at request time, so a version deployed later needs no ingress change. A version that is
    // not deployed answers 502 and the shell shows the remote's fallback.
    const app = route.to.replace(/^web-/, '');
    return [
      `    location ~ "^${literal(route.path)}/([a-z0-9][a-z0-9-]{0,39})/" {\n${body([
        `set $remote_upstream web-${app}-$1;`,
        `proxy_pass http://$remote_upstream:${WEB_PORT};`,
        'proxy_next_upstream error timeout http_502 http_503;',
      ])}\n    }`,
    ];
  }
  if (route.match === 'exact') {
    return [`    location = ${route.path} {\n${body(proxyTo(route.to))}\n    }`];
  }
  if (route.path === '/') return [`    location / {\n${body(proxyTo(route.to))}\n    }`];
  // By whole segments: the path itself and what is under it, never `/api/jobs/chatty` for `/api/jobs/chat`.
  return [
    `    location = ${route.path} {\n${body(proxyTo(route.to))}\n    }`,
    `    location ^~ ${route.path}/ {\n${body(proxyTo(route.to))}\n    }`,
  ];
}

export interface IngressOptions {
  /** Port nginx listens on inside its container. */
  port?: number;
  /** Largest request body (uploads: job and profile photos). */
  clientMaxBodySize?: string;
}

export function ingressConfig(options: IngressOptions = {}): string {
  const routes = ingressRoutes();
  return `# Written by infra/nginx/ingress.ts from infra/topology.ts; do not edit.
worker_processes 1;
pid /tmp/nginx/nginx.pid;
error_log stderr warn;
include /etc/nginx/modules-enabled/*.conf;

# Each chat socket holds two connections (the client's and the replica's): room for 10,000 sockets and
# the site's own traffic in one worker, and in the old worker that keeps its sockets after a reload.
worker_rlimit_nofile 65536;
events {
  worker_connections 30000;
}
# After a reload (the replicas changed) the old worker keeps its open chat sockets this long.
worker_shutdown_timeout 300s;

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  server_tokens off;
  client_body_temp_path /tmp/nginx/client_body;
  proxy_temp_path /tmp/nginx/proxy;
  fastcgi_temp_path /tmp/nginx/fastcgi;
  uwsgi_temp_path /tmp/nginx/uwsgi;
  scgi_temp_path /tmp/nginx/scgi;

  # One line per request with the id every service logs it under. The upstream's connect and header
  # times (one per replica tried) show where a slow answer or a slow chat upgrade spent its time.
  log_format main escape=json '{"time":"$time_iso8601","reqId":"$request_id_out","remote":"$remote_addr",'
    '"method":"$request_method","uri":"$request_uri","status":$status,"bytes":$body_bytes_sent,'
    '"duration":$request_time,"upstream":"$upstream_addr","upstreamTime":"$upstream_response_time",'
    '"upstreamConnect":"$upstream_connect_time","upstreamHeader":"$upstream_header_time"}';
  access_log /dev/stdout main buffer=64k flush=1s;

  # Docker's DNS: the remotes' versioned services are looked up per request.
  resolver 127.0.0.11 valid=5s ipv6=off;
  resolver_timeout 2s;

  # A client's own request id is kept when it has one, otherwise nginx makes one.
  map $http_x_request_id $request_id_out {
    "~^[A-Za-z0-9._:-]{8,128}$" $http_x_request_id;
    default $request_id;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    "" "";
  }

  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $host;
  proxy_set_header X-Request-Id $request_id_out;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  proxy_connect_timeout 2s;
  proxy_read_timeout 60s;
  proxy_send_timeout 60s;
  # One X-Request-Id on every answer: the services echo it too, so theirs is hidden and this one kept.
  proxy_hide_header X-Request-Id;
  add_header X-Request-Id $request_id_out always;
  client_max_body_size ${options.clientMaxBodySize ?? '12m'};

  include /tmp/nginx/upstreams.conf;

  server {
    listen ${options.port ?? INGRESS_PORT} reuseport;
    # The ingress's own liveness (the parts have theirs).
    location = /ingress-health {
      access_log off;
      default_type text/plain;
      return 200 "ok\\n";
    }
    # Metrics stay inside the stack's network (Prometheus scrapes each part directly).
    location = /metrics {
      return 404;
    }

${routes.flatMap(locationBlocks).join('\n\n')}
  }
}
`;
}

/** The upstream blocks for the parts and their replicas' addresses (ingress-upstreams.sh writes the same). */
export function upstreamsConfig(replicas: Record<string, string[]>): string {
  return upstreamParts()
    .map((part) => {
      const addresses = replicas[part] ?? [];
      const servers = addresses.length
        ? addresses.map((ip) => `  server ${ip}:${portOf(part)} ${serverOptions(part)};`)
        : // No replica yet: refused at once, answered 502.
          ['  server 127.0.0.1:9;'];
      return `upstream ${part} {\n  least_conn;\n${servers.join('\n')}\n  keepalive 64;\n}\n`;
    })
    .join('');
}
