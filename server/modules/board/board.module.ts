import type { Router } from 'express';
import { BOARD_LIVE_ROOM } from '@shared/contracts/board-base';
import type { ModuleContext } from '../module-context';
import { createBoardRepository } from './board.repository';
import { boardRouter } from './board.router';
import { createBoardService } from './board.service';

/** /api/community/board (issue 20; docs/board.md): the message board and its moderation. */
export function boardModule({ db, guards, live, config }: ModuleContext): Router {
  // Visitors read too, so they hear new posts; only the server speaks in the room.
  live.rooms.define('board', { anonymous: true, admit: (room) => room === BOARD_LIVE_ROOM, mayPublish: () => false });
  const service = createBoardService(createBoardRepository(db), (room, data) => live.publish(room, data), config.board.now);
  return boardRouter(service, guards, config.board);
}
