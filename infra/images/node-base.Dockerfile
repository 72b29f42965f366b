# Local only (no registry here): Debian bookworm from Debian's packages plus the build machine's Node 20,
# standing in for node:20-bookworm-slim.
ARG BASE
FROM ${BASE}
COPY node /usr/local/bin/node
