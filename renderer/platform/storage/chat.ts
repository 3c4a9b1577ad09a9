import type { DBSchema } from 'idb';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { Database } from './database';

export interface StoredChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** The model that answered (assistant messages). */
  model?: string;
  /** Why an answer ended early, translated when shown. */
  error?: ServerMessage;
  /** The visitor pressed stop. */
  stopped?: boolean;
}

/** One conversation, kept in this browser only (docs/chat.md). */
export interface StoredChat {
  id: string;
  title: string;
  /** The system prompt's preset id ('none' for none). */
  preset: string;
  messages: StoredChatMessage[];
  createTime: number;
  updateTime: number;
}

interface ChatSchema extends DBSchema {
  chat: { key: string; value: StoredChat };
}

/** The chat assistant's conversations (issue 20; spec §9 "browser databases version 1"). */
export function createChatStorage(name = 'Chat') {
  const database = new Database<ChatSchema>({ name, upgrades: [(db) => void db.createObjectStore('chat', { keyPath: 'id' })] });
  const chats = database.store('chat');
  return {
    /** Newest first. */
    async list(): Promise<StoredChat[]> {
      return (await chats.all()).sort((a, b) => b.updateTime - a.updateTime);
    },
    save: (chat: StoredChat) => chats.put(chat),
    remove: (id: string) => chats.delete(id),
  };
}

export type ChatStorage = ReturnType<typeof createChatStorage>;
export const chatStorage = createChatStorage();
