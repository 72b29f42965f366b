# PostgreSQL 15 from Debian for the Swarm stack on machines without a registry or a managed database.
# Production uses a managed PostgreSQL or the CloudNativePG cluster (infra/k8s); the services only see
# their DATABASE_URL.
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /run/postgresql
COPY entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
ENV PGDATA=/var/lib/postgresql/data PATH=/usr/lib/postgresql/15/bin:$PATH
USER postgres
EXPOSE 5432
# Two minutes without an answer before Swarm replaces the database: replacing it drops every service's
# connections, so a slow host (CI at load 30 failed 3 s checks five times in a row) must not do it.
HEALTHCHECK --interval=10s --timeout=10s --start-period=60s --retries=12 CMD ["pg_isready", "-q", "-h", "127.0.0.1"]
STOPSIGNAL SIGINT
CMD ["/usr/local/bin/postgres-entrypoint.sh"]
