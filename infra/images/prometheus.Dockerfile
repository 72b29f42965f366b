# Prometheus from Debian, scraping every part's /metrics (its configuration comes from the stack).
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends prometheus \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /prometheus && chown 10001:10001 /prometheus
COPY README /usr/share/doc/marketplace-prometheus.txt
USER 10001:10001
EXPOSE 9090
ENTRYPOINT ["prometheus"]
CMD ["--config.file=/etc/prometheus/prometheus.yml", "--storage.tsdb.path=/prometheus"]
