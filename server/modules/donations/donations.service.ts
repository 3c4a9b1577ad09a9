import { API_CODE } from '@shared/contracts/api';
import type { Page, PageQuery } from '@shared/contracts/api';
import { DONATION_RANKING_SIZE, DONATIONS_LIVE_ROOM } from '@shared/contracts/donations-base';
import type { Donation, DonationInput, DonationRanking, DonationSupporter } from '@shared/contracts/donations-base';
import { HttpError } from '../../http/http-error';
import type { DonationRow, DonationsRepository, RankedRow } from './donations.repository';

/** A donation may be dated a little ahead of the server's clock (the admin's clock runs fast). */
const CLOCK_SLACK_MS = 60_000;

const notFound = () => new HttpError(404, API_CODE.NOT_FOUND, { key: 'donations.notFound' });
const badRequest = (key: 'donations.field.user' | 'donations.field.donatedAt') =>
  new HttpError(400, API_CODE.BAD_REQUEST, { key, field: key === 'donations.field.user' ? 'userId' : 'donatedAt' });

function toDonation(row: DonationRow): Donation {
  return {
    id: row.id,
    ...(row.user_id !== null ? { userId: row.user_id } : {}),
    ...(row.user_name !== null ? { userName: row.user_name } : {}),
    ...(row.name !== null ? { name: row.name } : {}),
    amountCents: row.amount_cents,
    ...(row.message !== null ? { message: row.message } : {}),
    donatedAt: row.donated_at,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

/** Who a donation counts for: its account, else its name, else itself alone. */
const supporterKey = (row: RankedRow) => (row.user_id !== null ? `u${row.user_id}` : row.name !== null ? `n${row.name}` : `a${row.id}`);

/**
 * Sorted by total, highest first; a tie goes to whoever reached it first (the earlier last gift),
 * then by key, so every instance orders alike.
 */
export function rankSupporters(rows: readonly RankedRow[]): DonationRanking {
  const byKey = new Map<string, DonationSupporter & { messageTime: number }>();
  let totalCents = 0;
  for (const row of rows) {
    totalCents += row.amount_cents;
    const key = supporterKey(row);
    let entry = byKey.get(key);
    if (!entry) {
      entry = {
        key,
        ...(row.user_id !== null ? { userId: row.user_id } : row.name !== null ? { name: row.name } : {}),
        totalCents: 0,
        count: 0,
        lastTime: row.donated_at,
        messageTime: -1,
      };
      byKey.set(key, entry);
    }
    entry.totalCents += row.amount_cents;
    entry.count += 1;
    entry.lastTime = Math.max(entry.lastTime, row.donated_at);
    if (row.message !== null && row.donated_at >= entry.messageTime) {
      entry.message = row.message;
      entry.messageTime = row.donated_at;
    }
  }
  const supporters = [...byKey.values()]
    .sort((a, b) => b.totalCents - a.totalCents || a.lastTime - b.lastTime || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ messageTime: _messageTime, ...supporter }) => supporter);
  return {
    supporters: supporters.slice(0, DONATION_RANKING_SIZE),
    supporterCount: supporters.length,
    donationCount: rows.length,
    totalCents,
  };
}

export interface RankingPublisher {
  publish(room: string, data: unknown): Promise<void>;
}

export function createDonationsService(repository: DonationsRepository, live: RankingPublisher, now: () => number = Date.now) {
  const ranking = async () => rankSupporters(await repository.all());

  /** Every open /donation page, on every instance, gets the new ranking. */
  async function announce(): Promise<void> {
    await live.publish(DONATIONS_LIVE_ROOM, await ranking());
  }

  async function checked(input: DonationInput): Promise<void> {
    if (input.donatedAt > now() + CLOCK_SLACK_MS) throw badRequest('donations.field.donatedAt');
    if (input.userId && !(await repository.userExists(input.userId))) throw badRequest('donations.field.user');
  }

  const columns = (input: DonationInput, time: number) => ({
    user_id: input.userId ?? null,
    name: input.name ?? null,
    amount_cents: input.amountCents,
    message: input.message ?? null,
    donated_at: input.donatedAt,
    update_time: time,
  });

  return {
    ranking,

    async page({ pageNum, pageSize }: PageQuery): Promise<Page<Donation>> {
      const { rows, total } = await repository.page((pageNum - 1) * pageSize, pageSize);
      return { pageNum, pageSize, total, list: rows.map(toDonation) };
    },

    async create(input: DonationInput): Promise<Donation> {
      await checked(input);
      const time = now();
      const id = await repository.insert({ ...columns(input, time), create_time: time });
      await announce();
      return toDonation((await repository.byId(id))!);
    },

    async update(id: number, input: DonationInput): Promise<Donation> {
      await checked(input);
      if (!(await repository.update(id, columns(input, now())))) throw notFound();
      await announce();
      return toDonation((await repository.byId(id))!);
    },

    async remove(id: number): Promise<void> {
      if (!(await repository.delete(id))) throw notFound();
      await announce();
    },
  };
}

export type DonationsService = ReturnType<typeof createDonationsService>;
