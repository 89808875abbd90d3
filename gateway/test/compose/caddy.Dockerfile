# Stands in for caddy:2.11.4-alpine in the compose test (substitutes.yml): Debian's caddy package.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends caddy && rm -rf /var/lib/apt/lists/*
# Where the official image keeps certificates and autosaved config (compose mounts volumes there).
ENV XDG_DATA_HOME=/data XDG_CONFIG_HOME=/config
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
