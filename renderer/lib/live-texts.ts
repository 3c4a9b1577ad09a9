import type { LiveErrorReason } from '@shared/contracts/live';
import type { LocaleShape } from '@/i18n/types';
import type { LiveStatus } from './live-client';

/**
 * Texts of the live connection for a page that uses it (P2P transfer, the remote-device tunnel): a
 * tool adds them to its own locales (`live: liveTexts.cn`) and shows `live.reasons.<reason>` for a
 * LiveErrorReason and `live.status.<status>` beside its peers.
 */
export const cn = {
  reasons: {
    malformed: '消息格式不对，服务器没有转发',
    unknownRoom: '服务器不认识这个房间',
    loginRequired: '请先登录',
    notJoined: '还没有进入这个房间',
    refused: '服务器拒绝进入：配对码不存在或已过期，或者不在同一网络',
    forbidden: '现在不允许发送这条消息',
  } satisfies Record<LiveErrorReason, string>,
  status: {
    idle: '未连接',
    connecting: '正在连接服务器…',
    open: '已连接服务器',
    reconnecting: '与服务器的连接断开了，正在重连…',
  } satisfies Record<LiveStatus, string>,
};

export const en: LocaleShape<typeof cn> = {
  reasons: {
    malformed: 'The message was malformed, so the server did not pass it on',
    unknownRoom: 'The server does not know this room',
    loginRequired: 'Please log in first',
    notJoined: 'Not in this room yet',
    refused: 'The server refused: the pairing code does not exist or has expired, or you are not on the same network',
    forbidden: 'This message is not allowed now',
  },
  status: {
    idle: 'Not connected',
    connecting: 'Connecting to the server…',
    open: 'Connected to the server',
    reconnecting: 'The connection to the server dropped; reconnecting…',
  },
};
