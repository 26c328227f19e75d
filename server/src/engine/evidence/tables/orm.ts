// ORM and database client methods, recognised by method name. Names here are specific enough that a call
// on any receiver means the database (`prisma.user.deleteMany`, `Model.findByIdAndDelete`, `redis.hset`).
// Generic names (get, set, delete) count only on a receiver whose name says it is a database (DB_RECEIVER).
import type { Effect } from '../model';
import type { CallRecogniser } from '../recogniser';
import { lookup } from './lookup';

export const ORM_METHODS: Readonly<Record<string, Effect>> = {
  // prisma
  findMany: 'read',
  findUnique: 'read',
  findUniqueOrThrow: 'read',
  findFirst: 'read',
  findFirstOrThrow: 'read',
  aggregate: 'read',
  groupBy: 'read',
  createMany: 'append',
  createManyAndReturn: 'append',
  updateMany: 'write',
  deleteMany: 'destroy',
  // mongoose / mongodb
  findOne: 'read',
  findById: 'read',
  countDocuments: 'read',
  estimatedDocumentCount: 'read',
  distinct: 'read',
  insertOne: 'append',
  insertMany: 'append',
  updateOne: 'write',
  replaceOne: 'destroy',
  deleteOne: 'destroy',
  findOneAndUpdate: 'write',
  findByIdAndUpdate: 'write',
  findOneAndDelete: 'destroy',
  findByIdAndDelete: 'destroy',
  findOneAndReplace: 'destroy',
  findByIdAndRemove: 'destroy',
  bulkWrite: 'destroy',
  dropCollection: 'destroy',
  dropDatabase: 'destroy',
  // knex / drizzle builders
  del: 'destroy',
  truncate: 'destroy',
  onConflictDoUpdate: 'write',
  // redis
  hget: 'read',
  hgetall: 'read',
  hset: 'write',
  hdel: 'destroy',
  mget: 'read',
  mset: 'write',
  incr: 'append',
  incrby: 'append',
  decr: 'append',
  lpush: 'append',
  rpush: 'append',
  sadd: 'write',
  srem: 'destroy',
  zadd: 'write',
  expire: 'write',
  flushall: 'destroy',
  flushdb: 'destroy',
  xadd: 'append',
};

/** Generic method names that mean the database only on a database-looking receiver. */
export const DB_GENERIC_METHODS: Readonly<Record<string, Effect>> = {
  select: 'read',
  find: 'read',
  get: 'read',
  count: 'read',
  create: 'append',
  insert: 'append',
  update: 'write',
  upsert: 'write',
  set: 'write',
  delete: 'destroy',
  remove: 'destroy',
};

/** Receivers that are databases: `db`, `prisma.user`, `knex('users')`, `redis`, `collection`, `Model`. */
export const DB_RECEIVER = /(?:^|\.)(?:db|database|prisma|knex|drizzle|redis|client\.db|collection|mongo|mongoose|pool|pg|sql|sqlite|supabase|repository|repo)\b/i;

// ---- recogniser (recognisers.ts orders it) ----

/** `prisma.user.deleteMany(…)`, `db.insert(…)`: a specific ORM method anywhere, a generic one on a database. */
export const ormCall: CallRecogniser = (site, walk) => {
  const { last, chain, call, sf } = site;
  if (!last) return false;
  const orm = lookup(ORM_METHODS, last) ?? (DB_RECEIVER.test(site.receiverText) ? lookup(DB_GENERIC_METHODS, last) : undefined);
  if (!orm || chain.path.length === 0) return false;
  walk.add({ effect: orm, strength: 'strong', world: 'closed', target: 'database', call: site.text(), fact: { kind: 'database' } }, call, sf);
  return true;
};
