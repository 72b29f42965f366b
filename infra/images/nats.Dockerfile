# nats-server from Debian (2.9) for the stack's three-node JetStream cluster; the command (cluster name,
# routes, storage) comes from the stack.
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends nats-server \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown 10001:10001 /data
COPY README /usr/share/doc/marketplace-nats.txt
USER 10001:10001
EXPOSE 4222 6222 8222
# A minute without an answer before Swarm replaces a node (a loaded host answers late, see service.Dockerfile).
HEALTHCHECK --interval=10s --timeout=10s --start-period=30s --retries=6 CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8222"]
ENTRYPOINT ["nats-server"]
