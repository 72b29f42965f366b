// Infra runs talk to real servers. Defaults match this machine; CI may override them.
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.NATS_URL ??= 'nats://127.0.0.1:4222';
