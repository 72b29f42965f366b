# The ingress: nginx from Debian with the routing written from the topology (infra/nginx/ingress.ts).
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx-light \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled /etc/nginx/conf.d \
 && mkdir -p /tmp/nginx && chown 10001:10001 /tmp/nginx
COPY ingress.conf /etc/nginx/ingress.conf
COPY ingress-upstreams.sh /usr/local/bin/ingress-upstreams.sh
ARG UPSTREAMS
ARG VERSION=dev
ENV UPSTREAMS=${UPSTREAMS}
LABEL org.opencontainers.image.title="marketplace-ingress" org.opencontainers.image.version="${VERSION}"
USER 10001:10001
EXPOSE 8080
# A minute without an answer before Swarm replaces it (a loaded host answers late, see service.Dockerfile).
HEALTHCHECK --interval=10s --timeout=10s --retries=6 CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080"]
CMD ["/usr/local/bin/ingress-upstreams.sh"]
