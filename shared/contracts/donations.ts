import { z } from 'zod';
import { DONATION_AMOUNT_MAX_CENTS, DONATION_MESSAGE_MAX_LENGTH, DONATION_NAME_MAX_LENGTH } from './donations-base';
import type { DonationInput } from './donations-base';
import type { ServerMessageKey } from './server-messages';
import { PAGE_SIZE_MAX } from './user-limits';

export * from './donations-base';

/**
 * The server's checks of a recorded donation (docs/donations.md); the back office's form runs the
 * same ones. Each names a key of the server message catalogue (group `donations.field`).
 */
export const DONATION_FIELD_MESSAGES = {
  request: 'donations.field.request',
  id: 'donations.field.id',
  amount: 'donations.field.amount',
  name: 'donations.field.name',
  message: 'donations.field.message',
  donatedAt: 'donations.field.donatedAt',
  user: 'donations.field.user',
  pageNum: 'donations.field.pageNum',
  pageSize: 'donations.field.pageSize',
} as const satisfies Record<string, ServerMessageKey>;

const M = DONATION_FIELD_MESSAGES;

/** An empty text is the same as none, so a cleared form field removes it. */
const optionalText = (max: number, message: ServerMessageKey) =>
  z
    .string(message)
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/** `now` is checked by the server (a donation is recorded after it happened), with a minute for clocks. */
export const donationInputSchema: z.ZodType<DonationInput & { userId?: number | undefined }, unknown> = z
  .strictObject(
    {
      userId: z.number(M.user).int(M.user).positive(M.user).nullish(),
      name: optionalText(DONATION_NAME_MAX_LENGTH, M.name),
      amountCents: z.number(M.amount).int(M.amount).min(1, M.amount).max(DONATION_AMOUNT_MAX_CENTS, M.amount),
      message: optionalText(DONATION_MESSAGE_MAX_LENGTH, M.message),
      donatedAt: z.number(M.donatedAt).int(M.donatedAt).min(0, M.donatedAt),
    },
    M.request,
  )
  .transform(({ userId, name, message, ...rest }) => ({
    ...rest,
    ...(userId ? { userId } : {}),
    ...(name ? { name } : {}),
    ...(message ? { message } : {}),
  }));

export const donationIdParams = z.object(
  {
    id: z.coerce
      .number(M.id)
      .int(M.id)
      .positive(M.id)
      .max(2 ** 31 - 1, M.id),
  },
  M.request,
);

export const donationsPageQuery = z.object(
  {
    pageNum: z.coerce.number(M.pageNum).int(M.pageNum).min(1, M.pageNum).default(1),
    pageSize: z.coerce.number(M.pageSize).int(M.pageSize).min(1, M.pageSize).max(PAGE_SIZE_MAX, M.pageSize).default(10),
  },
  M.request,
);
