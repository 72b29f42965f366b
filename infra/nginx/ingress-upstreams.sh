#!/bin/sh
# The ingress container's entry: nginx, plus a loop that keeps nginx's upstreams equal to the replicas
# Swarm's DNS knows (tasks.<part>) and reloads nginx gracefully when they change. UPSTREAMS lists
# "part:port:options" (options comma-separated; the image sets it from infra/nginx/ingress.ts, whose
# upstreamsConfig writes the same blocks). With --render-once it prints the blocks and exits (tests).
set -u
conf=/etc/nginx/ingress.conf

render() {
  for entry in $UPSTREAMS; do
    part=${entry%%:*}
    rest=${entry#*:}
    port=${rest%%:*}
    options=${rest#*:}
    # Commas to spaces, without forking (dash has no ${var//,/ }).
    while :; do
      case $options in
        *,*) options="${options%%,*} ${options#*,}" ;;
        *) break ;;
      esac
    done
    ips=$(getent ahostsv4 "tasks.$part" 2>/dev/null | awk '{print $1}' | sort -u)
    echo "upstream $part {"
    echo "  least_conn;"
    if [ -z "$ips" ]; then
      # No replica yet: refused at once, answered 502.
      echo "  server 127.0.0.1:9;"
    else
      for ip in $ips; do echo "  server $ip:$port $options;"; done
    fi
    echo "  keepalive 64;"
    echo "}"
  done
}

if [ "${1:-}" = "--render-once" ]; then
  render
  exit 0
fi

mkdir -p /tmp/nginx
render > /tmp/nginx/upstreams.conf
nginx -c "$conf" -g 'daemon off;' &
pid=$!
# SIGTERM from the orchestrator: nginx stops taking connections and finishes the ones it has.
trap 'kill -QUIT "$pid" 2>/dev/null; wait "$pid"; exit 0' TERM INT

while kill -0 "$pid" 2>/dev/null; do
  sleep 2 &
  wait $!
  render > /tmp/nginx/upstreams.next
  if ! cmp -s /tmp/nginx/upstreams.next /tmp/nginx/upstreams.conf; then
    mv /tmp/nginx/upstreams.next /tmp/nginx/upstreams.conf
    if nginx -c "$conf" -t -q; then
      nginx -c "$conf" -s reload
      echo "ingress: replicas changed, nginx reloaded" >&2
    fi
  fi
done
wait "$pid"
