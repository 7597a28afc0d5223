/**
 * The operators' player search: by a user-name prefix (any case), the digits of a mobile
 * number (its start or the whole number), or a player id; an empty search lists the newest
 * players. Always within the brands the operator covers, newest first, a page at a time after
 * a keyset cursor on (created_at, id), so paging never repeats or skips a player while others
 * sign up.
 *
 * Cost. Every statement is a walk of an index of migration 0015, whatever the table's size:
 * - the newest players are read brand by brand (and demo kind by kind) from
 *   `users_domain_newest`, a page from each, merged; a search over every brand first lists the
 *   brands that have players (a skip over the index, one probe per brand);
 * - a name or mobile prefix collects its matches brand by brand from `users_domain_name_prefix`
 *   or `users_domain_mobile_prefix`, which carry what the matches are filtered and sorted by, so
 *   a match costs an index entry (an index-only scan), not a table row; the page's newest are
 *   kept and only their rows read. This grows with the matches: with 130,000 players a
 *   three-letter prefix costs well under a millisecond, one letter (thousands of matches) a few.
 * The statements run as lookups by key (TransactionOptions.lookupsByKey): planned once per
 * connection for any values and never as a scan of the whole table. A plan made for the values
 * at hand could walk the newest players filtering by brand, or scan the table, on an estimate
 * of how many rows a prefix matches; both are slow exactly when the estimate is wrong.
 */
import type { PlayerRow } from '@backlay/contract/admin';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { isPlayerId, PROFILE_COLUMNS, toPlayerRow, type PlayerProfileRow } from './player-profile';

export interface PlayerSearch {
  /** A name prefix, a mobile number's digits or a player id; empty: the newest players. */
  q: string;
  /** The brands the operator covers. */
  brands: 'all' | readonly string[];
  /** One brand of those; outside them, nothing is found. */
  brand?: string | undefined;
  /** Include demo players. */
  demo: boolean;
  /** The `nextAfter` of the page before. */
  after?: string | undefined;
  limit: number;
}

export interface PlayerPage {
  items: PlayerRow[];
  /** Pass as `after` for the next page; null on the last. */
  nextAfter: string | null;
}

/** A search's one question, from what the operator typed. */
type Question =
  | { kind: 'newest' }
  | { kind: 'id'; id: string }
  | { kind: 'name' | 'mobile'; from: string; to: string }
  | { kind: 'nothing' };

/** Where a page starts: before this (created_at, id), newest first. */
interface Cursor {
  /** The exact timestamp as PostgreSQL prints it in UTC, to the microsecond. */
  at: string;
  id: string;
}

const FIRST_PAGE: Cursor = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([0-9a-f-]{36})$/i;
/** User names are letters, digits and underscores (contract USER_NAME_RULE). */
const NAME_PREFIX = /^[a-z0-9_]+$/;
const MOBILE_COUNTRY_CODE = '+91';
const MOBILE_DIGITS = 10;

function readCursor(after: string | undefined): Cursor {
  if (after === undefined || after === '') return FIRST_PAGE;
  const match = CURSOR.exec(after);
  if (!match?.[1] || !match[2] || !isPlayerId(match[2])) {
    throw new ApiError('VALIDATION_FAILED', 'That page of results is not valid. Search again.');
  }
  return { at: match[1], id: match[2] };
}

function writeCursor(row: { cursor_at: string; id: string }): string {
  return `${row.cursor_at}~${row.id}`;
}

/**
 * The strings starting with `prefix` are those from `prefix` up to (not including) the prefix
 * with its last character one higher, compared byte by byte (text_pattern_ops); `prefix` is
 * ASCII here, so the last character has a next one.
 */
function prefixRange(prefix: string): { from: string; to: string } {
  const last = prefix.charCodeAt(prefix.length - 1);
  return { from: prefix, to: prefix.slice(0, -1) + String.fromCharCode(last + 1) };
}

/**
 * The national digits a typed mobile number starts with: `+91` and a trunk `0` are dropped, as
 * is `91` in front of a whole number; null when no stored number could start so.
 */
function mobilePrefix(typed: string): string | null {
  const compact = typed.replace(/[\s()-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let digits = compact.startsWith(MOBILE_COUNTRY_CODE)
    ? compact.slice(MOBILE_COUNTRY_CODE.length)
    : compact.replace(/^\+/, '');
  if (digits.length === MOBILE_DIGITS + 2 && digits.startsWith('91')) digits = digits.slice(2);
  digits = digits.replace(/^0/, '');
  return digits.length >= 1 && digits.length <= MOBILE_DIGITS ? digits : null;
}

function questionOf(q: string): Question {
  const text = q.trim();
  if (text === '') return { kind: 'newest' };
  if (isPlayerId(text)) return { kind: 'id', id: text.toLowerCase() };
  // User names start with a letter, so digits are a mobile number.
  if (/^[+\d]/.test(text)) {
    const digits = mobilePrefix(text);
    return digits === null
      ? { kind: 'nothing' }
      : { kind: 'mobile', ...prefixRange(`${MOBILE_COUNTRY_CODE}${digits}`) };
  }
  const name = text.toLowerCase();
  return NAME_PREFIX.test(name) ? { kind: 'name', ...prefixRange(name) } : { kind: 'nothing' };
}

/** The brands searched: the operator's, narrowed to one; null: every brand. */
function brandsSearched(search: PlayerSearch): readonly string[] | null {
  if (search.brands === 'all') return search.brand === undefined ? null : [search.brand];
  if (search.brand === undefined) return search.brands;
  return search.brands.includes(search.brand) ? [search.brand] : [];
}

/** Every brand that has players: one probe of the brand-leading index per brand. */
const EVERY_BRAND = `
  WITH RECURSIVE brands AS (
    (SELECT u.domain FROM users u ORDER BY u.domain LIMIT 1)
    UNION ALL
    SELECT (SELECT u.domain FROM users u WHERE u.domain > b.domain ORDER BY u.domain LIMIT 1)
    FROM brands b WHERE b.domain IS NOT NULL
  )
  SELECT domain FROM brands WHERE domain IS NOT NULL`;

/** A row with its cursor: created_at to the microsecond, in UTC. */
const ROW_COLUMNS = `${PROFILE_COLUMNS},
  to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

/** Is this row before the cursor ($3, $4), newest first. */
const BEFORE_CURSOR = '(u.created_at, u.id) < ($3::timestamptz, $4::uuid)';

/**
 * Parameters of every statement: $1 the brands, $2 whether demo players are included, $3 and $4
 * the cursor, $5 how many rows (a page and one more); a prefix adds its range ($6, $7), an id
 * itself ($6). Demo players are included by `is_demo <= $2` (false ≤ false; true ≤ true too),
 * which the prefix indexes check in the index, where `= ANY(…)` would be checked on each row.
 */
const NEWEST = `
  SELECT p.* FROM unnest($1::text[]) AS b (domain)
  CROSS JOIN unnest(CASE WHEN $2::boolean THEN ARRAY[false, true] ELSE ARRAY[false] END)
    AS k (is_demo)
  CROSS JOIN LATERAL (
    SELECT ${ROW_COLUMNS} FROM users u
    WHERE u.domain = b.domain AND u.is_demo = k.is_demo AND ${BEFORE_CURSOR}
    ORDER BY u.created_at DESC, u.id DESC LIMIT $5
  ) p
  ORDER BY p.created_at DESC, p.id DESC LIMIT $5`;

/**
 * The matches of a prefix within the brands, newest first: only their ids and times are read
 * (from the index), the page's rows then from the table. Materialized: the matches are found by
 * their prefix, never by walking the newest players and filtering.
 */
function prefixStatement(match: string): string {
  return `
  WITH matches AS MATERIALIZED (
    SELECT u.id, u.created_at FROM unnest($1::text[]) AS b (domain)
    JOIN users u ON u.domain = b.domain
    WHERE ${match} AND u.is_demo <= $2::boolean AND ${BEFORE_CURSOR}
  ),
  page AS (SELECT m.id FROM matches m ORDER BY m.created_at DESC, m.id DESC LIMIT $5)
  SELECT ${ROW_COLUMNS} FROM page JOIN users u ON u.id = page.id
  ORDER BY u.created_at DESC, u.id DESC`;
}

const BY_NAME = prefixStatement(
  'lower(u.user_name) ~>=~ $6::text AND lower(u.user_name) ~<~ $7::text',
);
const BY_MOBILE = prefixStatement(
  'u.mobile IS NOT NULL AND u.mobile ~>=~ $6::text AND u.mobile ~<~ $7::text',
);

const BY_ID = `
  SELECT ${ROW_COLUMNS} FROM users u
  WHERE u.id = $6::uuid AND u.domain = ANY($1::text[]) AND u.is_demo <= $2::boolean
    AND ${BEFORE_CURSOR}
  LIMIT $5`;

type SearchRow = PlayerProfileRow & { cursor_at: string };

async function rowsFor(
  tx: Queryable,
  question: Exclude<Question, { kind: 'nothing' }>,
  params: unknown[],
): Promise<SearchRow[]> {
  switch (question.kind) {
    case 'newest':
      return tx.query<SearchRow>(NEWEST, params);
    case 'id':
      return tx.query<SearchRow>(BY_ID, [...params, question.id]);
    case 'name':
      return tx.query<SearchRow>(BY_NAME, [...params, question.from, question.to]);
    case 'mobile':
      return tx.query<SearchRow>(BY_MOBILE, [...params, question.from, question.to]);
  }
}

/** One page of players matching a search, within the operator's brands, newest first. */
export async function searchPlayers(db: Database, search: PlayerSearch): Promise<PlayerPage> {
  const cursor = readCursor(search.after);
  const question = questionOf(search.q);
  const scope = brandsSearched(search);
  if (question.kind === 'nothing' || scope?.length === 0) return { items: [], nextAfter: null };
  const limit = Math.max(1, Math.min(200, Math.floor(search.limit)));
  const rows = await db.transaction(
    async (tx) => {
      const brands =
        scope ?? (await tx.query<{ domain: string }>(EVERY_BRAND)).map((row) => row.domain);
      return rowsFor(tx, question, [brands, search.demo, cursor.at, cursor.id, limit + 1]);
    },
    { lookupsByKey: true },
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toPlayerRow),
    nextAfter: rows.length > limit && last ? writeCursor(last) : null,
  };
}
