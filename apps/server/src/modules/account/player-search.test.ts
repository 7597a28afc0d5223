import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { playerPageSchema } from '@backlay/contract/admin';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { TEST_BACKENDS, migratedTestDatabase } from '../../test-helper';
import { searchPlayers, type PlayerSearch } from './player-search';

let serial = 0;
/** A brand no other test uses. */
const newBrand = () => `b${++serial}${randomBytes(3).toString('hex')}.test`;

interface NewPlayer {
  domain: string;
  userName?: string;
  mobile?: string | null;
  demo?: boolean;
  createdAt?: Date;
}

describe.each(TEST_BACKENDS)('the player search on %s', async (backend) => {
  const db: Database = await migratedTestDatabase(backend);

  /** Writes a player as sign-up would leave them, returning their id. */
  async function addPlayer(player: NewPlayer): Promise<string> {
    const demo = player.demo ?? false;
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO users (domain, user_name, mobile, password_hash, status, is_demo, stakes,
         created_at, expires_at)
       VALUES ($1, $2, $3, 'x', 'active', $4, '[]'::jsonb, $5, $6) RETURNING id`,
      [
        player.domain,
        player.userName ?? `p${++serial}${randomBytes(4).toString('hex')}`,
        player.mobile === undefined ? null : player.mobile,
        demo,
        player.createdAt ?? new Date(),
        demo ? new Date(Date.now() + 86_400_000) : null,
      ],
    );
    if (!row) throw new Error('no player written');
    return row.id;
  }

  async function search(query: Partial<PlayerSearch> & Pick<PlayerSearch, 'brands'>) {
    const page = await searchPlayers(db, { q: '', demo: false, limit: 50, ...query });
    expect(playerPageSchema.parse(page)).toEqual(page);
    return page;
  }

  /** Every page of a search from its `after`, asserting each is at most `limit` long. */
  async function allPages(query: PlayerSearch) {
    const ids: string[] = [];
    let after = query.after;
    for (let pages = 0; pages < 100; pages++) {
      const page = await searchPlayers(db, { ...query, after });
      expect(page.items.length).toBeLessThanOrEqual(query.limit);
      ids.push(...page.items.map((item) => item.id));
      if (page.nextAfter === null) return ids;
      expect(page.items).toHaveLength(query.limit);
      after = page.nextAfter;
    }
    throw new Error('the pages never ended');
  }

  /** The same players as the database orders them: newest first, then by id. */
  async function expectedIds(where: string, params: unknown[]): Promise<string[]> {
    const rows = await db.query<{ id: string }>(
      `SELECT id FROM users WHERE ${where} ORDER BY created_at DESC, id DESC`,
      params,
    );
    return rows.map((row) => row.id);
  }

  it('finds players by the start of their user name, in any case', async () => {
    const brand = newBrand();
    const alpha = await addPlayer({ domain: brand, userName: 'Alpha_One' });
    const alpine = await addPlayer({ domain: brand, userName: 'alpine7' });
    await addPlayer({ domain: brand, userName: 'xalpha' });
    await addPlayer({ domain: brand, userName: 'beta' });

    for (const q of ['AL', 'al', 'alp', '  Alp  ']) {
      const page = await search({ q, brands: [brand] });
      expect(page.items.map((p) => p.id).sort()).toEqual([alpha, alpine].sort());
    }
    expect((await search({ q: 'alpha_', brands: [brand] })).items.map((p) => p.id)).toEqual([
      alpha,
    ]);
    expect((await search({ q: 'alpine7', brands: [brand] })).items.map((p) => p.id)).toEqual([
      alpine,
    ]);
    // Not a prefix, and characters no user name has.
    for (const q of ['lpha', 'alpha one', 'al%', 'al_x', 'ä']) {
      expect((await search({ q, brands: [brand] })).items, q).toEqual([]);
    }
  });

  it('finds players by the digits of their mobile number, its start or the whole of it', async () => {
    const brand = newBrand();
    const digits =
      `9${String(serial).padStart(3, '0')}${randomBytes(3).readUIntBE(0, 3) % 1_000_000}`
        .padEnd(10, '7')
        .slice(0, 10);
    const player = await addPlayer({ domain: brand, mobile: `+91${digits}` });
    await addPlayer({ domain: brand, mobile: `+916${digits.slice(1)}` });
    await addPlayer({ domain: brand, mobile: null });

    const found = [
      digits.slice(0, 1),
      digits.slice(0, 5),
      digits,
      `+91${digits}`,
      `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`,
      `0${digits}`,
      `91${digits}`,
      `${digits.slice(0, 3)}-${digits.slice(3, 6)}`,
    ];
    for (const q of found) {
      expect(
        (await search({ q, brands: [brand] })).items.map((p) => p.id),
        q,
      ).toEqual([player]);
    }
    for (const q of [digits.slice(1, 6), `${digits}1`, '+44 7700', `1${digits.slice(1)}`]) {
      expect((await search({ q, brands: [brand] })).items, q).toEqual([]);
    }
    const [row] = (await search({ q: digits, brands: [brand] })).items;
    expect(row).toMatchObject({ domain: brand, mobile: `+91${digits}`, demo: false });
  });

  it('finds a player by id, only within the brands searched', async () => {
    const brand = newBrand();
    const other = newBrand();
    const id = await addPlayer({ domain: brand });
    await addPlayer({ domain: other });
    expect((await search({ q: id, brands: [brand] })).items.map((p) => p.id)).toEqual([id]);
    expect((await search({ q: id.toUpperCase(), brands: 'all' })).items.map((p) => p.id)).toEqual([
      id,
    ]);
    expect((await search({ q: id, brands: [other] })).items).toEqual([]);
    expect((await search({ q: id, brands: 'all', brand: other })).items).toEqual([]);
  });

  it("never shows a brand-scoped search another brand's players", async () => {
    const mine = newBrand();
    const also = newBrand();
    const theirs = newBrand();
    const name = `shared${serial}`;
    const mobile = `+9198${String(Date.now()).slice(-8)}`;
    const own = await addPlayer({ domain: mine, userName: name, mobile });
    const alsoOwn = await addPlayer({ domain: also, userName: `${name}x` });
    const foreign = await addPlayer({ domain: theirs, userName: name, mobile });

    for (const q of ['', name.slice(0, 3), name, mobile, foreign]) {
      const page = await search({ q, brands: [mine, also] });
      expect(
        page.items.every((p) => p.domain === mine || p.domain === also),
        q,
      ).toBe(true);
      expect(
        page.items.some((p) => p.id === foreign),
        q,
      ).toBe(false);
    }
    expect((await search({ q: name, brands: [mine, also] })).items.map((p) => p.id).sort()).toEqual(
      [own, alsoOwn].sort(),
    );
    // One brand of the operator's narrows the search; a brand outside them finds nothing.
    expect((await search({ q: name, brands: [mine, also], brand: also })).items).toMatchObject([
      { id: alsoOwn },
    ]);
    expect((await search({ q: '', brands: [mine, also], brand: theirs })).items).toEqual([]);
    expect((await search({ q: name, brands: [mine], brand: theirs })).items).toEqual([]);
    // Every brand, and every brand narrowed to one.
    expect((await search({ q: name, brands: 'all' })).items.map((p) => p.id).sort()).toEqual(
      [own, alsoOwn, foreign].sort(),
    );
    expect((await search({ q: name, brands: 'all', brand: theirs })).items).toMatchObject([
      { id: foreign, domain: theirs },
    ]);
  });

  it('leaves demo players out unless asked for', async () => {
    const brand = newBrand();
    const real = await addPlayer({
      domain: brand,
      userName: 'demolition',
      createdAt: new Date(Date.now() - 1000),
    });
    const demo = await addPlayer({ domain: brand, userName: 'demo_1a2b3c', demo: true });
    for (const q of ['', 'demo', demo]) {
      expect(
        (await search({ q, brands: [brand] })).items.map((p) => p.id),
        q,
      ).toEqual(q === demo ? [] : [real]);
    }
    const withDemo = await search({ q: 'demo', brands: [brand], demo: true });
    expect(withDemo.items.map((p) => [p.id, p.demo])).toEqual([
      [demo, true],
      [real, false],
    ]);
    expect((await search({ q: '', brands: 'all', demo: true })).items.map((p) => p.id)).toContain(
      demo,
    );
  });

  it('pages newest first without repeating or skipping anyone, ties and sign-ups included', async () => {
    const brands = [newBrand(), newBrand(), newBrand()];
    const start = Date.now() - 3_600_000;
    // Three at each moment, so whole pages end inside a tie of created_at.
    for (let i = 0; i < 47; i++) {
      await addPlayer({
        domain: brands[i % 3] as string,
        userName: `pager${i}`,
        createdAt: new Date(start + Math.floor(i / 3) * 1000),
        demo: i % 10 === 9,
      });
    }
    const scoped = await expectedIds('domain = ANY($1) AND NOT is_demo', [brands]);
    expect(scoped.length).toBe(43);
    for (const limit of [1, 5, 7, 50]) {
      expect(await allPages({ q: '', brands, demo: false, limit })).toEqual(scoped);
      expect(await allPages({ q: 'PAGER', brands, demo: false, limit })).toEqual(scoped);
    }
    const withDemo = await expectedIds('domain = ANY($1)', [brands]);
    expect(await allPages({ q: 'pager', brands, demo: true, limit: 6 })).toEqual(withDemo);
    expect(await allPages({ q: '', brands: 'all', demo: true, limit: 9 })).toEqual(
      await expectedIds('true', []),
    );

    // Players who sign up while an operator pages are not in the pages already begun.
    const first = await searchPlayers(db, { q: '', brands, demo: false, limit: 10 });
    await addPlayer({ domain: brands[0] as string, userName: 'pager_late' });
    const rest = await allPages({
      q: '',
      brands,
      demo: false,
      limit: 10,
      ...(first.nextAfter ? { after: first.nextAfter } : {}),
    });
    expect([...first.items.map((p) => p.id), ...rest]).toEqual(scoped);
  });

  it('refuses a cursor it did not make', async () => {
    for (const after of ['yesterday', '2026-01-01T00:00:00.000000Z~nope', `x~${'f'.repeat(36)}`]) {
      await expect(
        searchPlayers(db, { q: '', brands: 'all', demo: false, limit: 5, after }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await expect(
      searchPlayers(db, { q: '', brands: 'all', demo: false, limit: 5, after: 'bad' }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('shows what operators set on a player', async () => {
    const brand = newBrand();
    const id = await addPlayer({ domain: brand, userName: 'flagged' });
    await db.query(
      `UPDATE users SET status = 'disabled', betting_locked = true, password_reset_required = true
       WHERE id = $1`,
      [id],
    );
    expect((await search({ q: 'flagged', brands: [brand] })).items).toEqual([
      expect.objectContaining({
        id,
        status: 'disabled',
        loginLocked: true,
        bettingLocked: true,
      }),
    ]);
  });
});
