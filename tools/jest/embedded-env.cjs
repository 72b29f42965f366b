// Unit runs use embedded defaults whatever the shell exports: PGlite and the local bus.
delete process.env.DATABASE_URL;
delete process.env.NATS_URL;
