# Stands in for supabase/postgres in the compose test (substitutes.yml): Debian's postgresql.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
# No cluster at install time: db-entrypoint.sh makes one in the data volume on first start.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
    && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main-cluster.conf \
    && apt-get update && apt-get install -y --no-install-recommends postgresql && rm -rf /var/lib/apt/lists/*
COPY db-entrypoint.sh /usr/local/bin/db-entrypoint
