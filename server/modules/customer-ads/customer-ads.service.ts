import type { Page } from '@shared/contracts/api';
import { AD_IMAGE_URL_PREFIX, AD_OWNER_EDITABLE, hasAdContent, mayChangeAdStatus } from '@shared/contracts/ads';
import type {
  AdActor,
  AdEdit,
  AdInput,
  AdSettings,
  AdStatus,
  AdStatusChange,
  AdType,
  CustomerAd,
  SiteAd,
  SiteAdsResponse,
} from '@shared/contracts/ads';
import type { Auth } from '../../http/auth';
import { checkAdImage, imageNameOf } from './ad-images';
import type { AdImageStore } from './ad-images';
import type { AdChange, AdRow, AdminFilter, CustomerAdsRepository, HitKind } from './customer-ads.repository';
import { MSG, badRequest, forbidden, notFound } from './messages';
import { utcDay, visitorKeys } from './visitor-key';

export interface Upload {
  bytes: Buffer;
}

export interface PageRequest {
  pageNum: number;
  pageSize: number;
}

export interface Visitor {
  ip: string;
  userAgent: string;
}

const toSiteAd = (row: Pick<AdRow, 'id' | 'type' | 'settings' | 'expiration_time'>): SiteAd => ({
  id: row.id,
  type: row.type as AdType,
  settings: JSON.parse(row.settings) as AdSettings,
  expirationTime: Number(row.expiration_time),
});

const toCustomerAd = (row: AdRow): CustomerAd => ({
  ...toSiteAd(row),
  status: row.status as AdStatus,
  deleted: row.deleted === 1,
  pausedBy: row.paused_by as AdActor | null,
  ownerId: row.user_id,
  ownerName: row.owner_name,
  views: Number(row.views),
  visits: Number(row.visits),
  createTime: Number(row.create_time),
  updateTime: Number(row.update_time),
});

export function createCustomerAdsService(ads: CustomerAdsRepository, images: AdImageStore, secret: Uint8Array, now: () => number) {
  const visitorKey = visitorKeys(secret);
  // The visible set as of one site timestamp; a change on any instance moves the timestamp, so a
  // stale copy is never served, and expiry is applied at every answer.
  let siteCache: { timestamp: number; ads: SiteAd[] } | undefined;
  let prunedDay = '';

  async function found(id: number): Promise<AdRow> {
    const row = await ads.find(id);
    if (!row) throw notFound();
    return row;
  }

  /** The ad the caller may act on as owner or admin; a soft-deleted ad no longer exists for its owner. */
  async function actingOn(auth: Auth, id: number): Promise<{ row: AdRow; actor: AdActor }> {
    const row = await found(id);
    if (auth.admin) return { row, actor: 'ADMIN' };
    if (row.user_id !== auth.userId) throw forbidden();
    if (row.deleted === 1) throw notFound();
    return { row, actor: 'OWNER' };
  }

  /**
   * Stores an uploaded picture, or checks that a picture path of ours in the settings is the one
   * the ad already shows (no pointing at another ad's upload); answers the settings and image name.
   */
  async function withImage(
    ownerId: number,
    settings: AdSettings,
    upload: Upload | undefined,
    current: string | null,
  ): Promise<{ settings: AdSettings; imageKey: string | null }> {
    if (!hasAdContent(settings, upload !== undefined)) throw badRequest(MSG.content);
    if (upload) {
      const extension = await checkAdImage(upload.bytes);
      const name = await images.put(ownerId, upload.bytes, extension);
      return { settings: { ...settings, image: `${AD_IMAGE_URL_PREFIX}${name}` }, imageKey: name };
    }
    const named = imageNameOf(settings.image);
    if (named !== null && named !== current) throw badRequest(MSG.imageField);
    return { settings, imageKey: named };
  }

  async function dropIfUnused(name: string | null): Promise<void> {
    if (name !== null && !(await ads.imageInUse(name))) await images.delete(name);
  }

  async function change(row: AdRow, patch: AdChange): Promise<void> {
    // Another call changed the status in between: this one was decided on what no longer holds.
    if (!(await ads.update(row.id, row.status, patch, now()))) throw badRequest(MSG.statusChange);
  }

  const toPage = ({ rows, total }: { rows: AdRow[]; total: number }, { pageNum, pageSize }: PageRequest): Page<CustomerAd> => ({
    pageNum,
    pageSize,
    total,
    list: rows.map(toCustomerAd),
  });

  return {
    async publish(userId: number, input: AdInput, upload?: Upload): Promise<CustomerAd> {
      const { settings, imageKey } = await withImage(userId, input.settings, upload, null);
      const at = now();
      const id = await ads.insert(
        {
          user_id: userId,
          type: input.type,
          settings: JSON.stringify(settings),
          image_key: imageKey,
          expiration_time: input.expirationTime,
          status: 'PENDING',
          create_time: at,
          update_time: at,
        },
        at,
      );
      return toCustomerAd(await found(id));
    },

    /** The owner edits a PENDING or REJECTED ad, which goes (back) to review; the admin edits any as it stands. */
    async edit(auth: Auth, edit: AdEdit, upload?: Upload): Promise<CustomerAd> {
      const { row, actor } = await actingOn(auth, edit.id);
      if (actor === 'OWNER' && !AD_OWNER_EDITABLE.includes(row.status as AdStatus)) throw badRequest(MSG.notEditable);
      const { settings, imageKey } = await withImage(row.user_id, edit.settings, upload, row.image_key);
      try {
        await change(row, {
          type: edit.type,
          settings: JSON.stringify(settings),
          image_key: imageKey,
          expiration_time: edit.expirationTime,
          ...(actor === 'OWNER' ? { status: 'PENDING', paused_by: null } : {}),
        });
      } catch (error) {
        if (imageKey !== row.image_key) await dropIfUnused(imageKey);
        throw error;
      }
      if (row.image_key !== imageKey) await dropIfUnused(row.image_key);
      return toCustomerAd(await found(row.id));
    },

    async changeStatus(auth: Auth, { id, status }: AdStatusChange): Promise<CustomerAd> {
      const { row, actor } = await actingOn(auth, id);
      const current = { status: row.status as AdStatus, pausedBy: row.paused_by as AdActor | null };
      if (!mayChangeAdStatus(actor, current, status)) throw badRequest(MSG.statusChange);
      await change(row, { status, paused_by: status === 'PAUSED' ? actor : null });
      return toCustomerAd(await found(id));
    },

    async softDelete(auth: Auth, id: number): Promise<void> {
      const { row } = await actingOn(auth, id);
      if (row.deleted === 1) return;
      await change(row, { deleted: 1 });
    },

    /** Admin only (the router's guard): the row, its counts and its picture go for good. */
    async hardDelete(id: number): Promise<void> {
      const row = await found(id);
      if (!(await ads.remove(id, now()))) throw notFound();
      await dropIfUnused(row.image_key);
    },

    mine: async (userId: number, request: PageRequest) =>
      toPage(await ads.mine(userId, (request.pageNum - 1) * request.pageSize, request.pageSize), request),

    all: async (filter: AdminFilter, request: PageRequest) =>
      toPage(await ads.all(filter, (request.pageNum - 1) * request.pageSize, request.pageSize), request),

    /** Visitors' ads, or `ads: null` when the caller's copy (`known`) is as new as the server's. */
    async site(known: number | undefined): Promise<SiteAdsResponse> {
      const timestamp = await ads.siteTimestamp();
      if (known !== undefined && known >= timestamp) return { ads: null, latestTimestamp: timestamp };
      const at = now();
      if (siteCache?.timestamp !== timestamp) siteCache = { timestamp, ads: (await ads.visible(at)).map(toSiteAd) };
      return { ads: siteCache.ads.filter((ad) => ad.expirationTime > at), latestTimestamp: timestamp };
    },

    /** Counts a view or visit of a visible ad once per visitor per day; answers whether it counted. */
    async count(kind: HitKind, id: number, visitor: Visitor): Promise<boolean> {
      const at = now();
      const today = utcDay(at);
      if (today !== prunedDay) {
        prunedDay = today;
        await ads.pruneHits(today);
      }
      return ads.countHit(id, kind, today, visitorKey(visitor.ip, visitor.userAgent, today), at);
    },
  };
}

export type CustomerAdsService = ReturnType<typeof createCustomerAdsService>;
