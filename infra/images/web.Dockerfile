# A web app (the shell or one remote version): its built files behind nginx from Debian, non-root.
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-static \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled /etc/nginx/conf.d \
 && mkdir -p /tmp/nginx && chown 10001:10001 /tmp/nginx
COPY web-nginx.conf /etc/nginx/nginx.conf
ARG APP
ARG VERSION=dev
LABEL org.opencontainers.image.title="marketplace-web-${APP}" org.opencontainers.image.version="${VERSION}"
COPY site/ /srv/www/
USER 10001:10001
EXPOSE 8080
# A minute without an answer before Swarm replaces it (a loaded host answers late, see service.Dockerfile).
HEALTHCHECK --interval=10s --timeout=10s --retries=6 CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080"]
STOPSIGNAL SIGQUIT
CMD ["sh", "-c", "mkdir -p /tmp/nginx && exec nginx -g 'daemon off;'"]
