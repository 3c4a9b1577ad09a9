import { useEffect, useState } from 'react';
import type { UserSimplified } from '@shared/contracts/users';
import { account, platform } from '@/platform';

const known = new Map<number, Promise<UserSimplified | undefined>>();

/** The API names avatars by path; the desktop page lives on app://, not on the API's origin. */
const assetUrl = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${platform.apiUrl}${url}` : url);

/**
 * Each account is asked for once per page (a board thread of ten replies by two people costs two
 * calls, a donation ranking names each supporter once), its avatar made loadable on the desktop too.
 */
function authorOf(userId: number): Promise<UserSimplified | undefined> {
  let found = known.get(userId);
  if (!found) {
    found = account.get<UserSimplified>(`/api/users/${userId}/info/simplified`).then(
      (user) => ({ ...user, avatar: user.avatar ? assetUrl(user.avatar) : '' }),
      // A deleted or unreadable account is shown by its number; it is asked for again on the next page load.
      () => undefined,
    );
    known.set(userId, found);
  }
  return found;
}

/** An account's public nickname and avatar; undefined while asked for, or for no account (deleted, unreadable, none given). */
export function useAuthor(userId: number | undefined): UserSimplified | undefined {
  const [author, setAuthor] = useState<UserSimplified>();
  useEffect(() => {
    let live = true;
    if (userId === undefined) return;
    void authorOf(userId).then((found) => {
      if (live) setAuthor(found);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  return author?.userId === userId ? author : undefined;
}
