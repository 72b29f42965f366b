import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create();
const r = await db.query(`select clock_timestamp()::text a, clock_timestamp()::text b, clock_timestamp()::text c`);
console.log(r.rows);
for (let i=0;i<3;i++) console.log((await db.query(`select clock_timestamp()::text t`)).rows[0]);
await db.close();
