# A service or the edge: its production bundle (infra/build/bundle.ts) on Node 20, as a non-root user.
# BASE is node:20-bookworm-slim in production; on machines without a registry, infra/images/build.ts
# makes a local one from Debian packages and this machine's Node.
ARG BASE=node:20-bookworm-slim
FROM ${BASE}
ARG PART
ARG VERSION=dev
LABEL org.opencontainers.image.title="marketplace-${PART}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="infra/images/service.Dockerfile"
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/tmp/data \
    APP_VERSION=${VERSION}
WORKDIR /app
COPY app/ /app/
# UPLOADS_DIR of a service that stores files (given by build.ts from infra/topology.ts), owned by the
# user below: a fresh named volume mounted over it (the Swarm stack) starts with this owner and mode, so
# the replicas write to it without root. (Kubernetes gives its claim the pod's fsGroup instead.)
ARG UPLOADS_DIR=
RUN if [ -n "${UPLOADS_DIR}" ]; then \
      mkdir -p "${UPLOADS_DIR}" && chown 10001:10001 "${UPLOADS_DIR}" && chmod 0770 "${UPLOADS_DIR}"; \
    fi
# Settings and secrets come from the environment and secret files at run time, never from the image.
USER 10001:10001
EXPOSE 8080
# Liveness, not readiness (/health, as the Kubernetes liveness probe): Swarm replaces a task whose check
# fails. Checking /ready there replaced every replica of a service when PostgreSQL or NATS was slow or
# restarting, and a chat replica busy greeting the clients of a drained one; the replacements then met
# the same and the cascade lost messages. A replica listens only once its database and bus answered at
# start, so Swarm still puts it in DNS (and a rolling update goes on) only when it can serve.
# The check is one HTTP request from bash, not a Node process per check (~40 MB and a core's tenth, every
# 10 s, in every replica), and a replica is replaced only after a minute without an answer: a chat
# replica greeting a drained one's clients answers late for seconds, and on a host at load 30 a 3 s check
# failed in every container at once and Swarm killed the database, the ingress and chat together (CI,
# 2026-11-28).
HEALTHCHECK --interval=10s --timeout=10s --start-period=30s --retries=6 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /health HTTP/1.0\\r\\n\\r\\n' >&3 && read -r status <&3 && [[ $status == 'HTTP/1.1 200'* ]]"]
STOPSIGNAL SIGTERM
CMD ["node", "/app/main.mjs"]
