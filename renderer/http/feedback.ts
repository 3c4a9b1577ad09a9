import type { Page, PageQuery } from '@shared/contracts/api';
import { FEEDBACK_API, feedbackScreenshotPath } from '@shared/contracts/feedback-base';
import type { Feedback, FeedbackStatus, FeedbackType } from '@shared/contracts/feedback-base';
import { http } from '@/app/http';
import { refreshAhead, useSession } from '@/auth/session';
import { platform } from '@/platform';

/** The feedback calls of the user center and the back office (docs/feedback.md); the form posts through `account`. */
export const feedbackApi = {
  mine: (query: PageQuery) => http.get<Page<Feedback>>(`${FEEDBACK_API}/mine/list/page`, { params: query }),
  all: (query: PageQuery & { status?: FeedbackStatus | undefined; type?: FeedbackType | undefined }) =>
    http.get<Page<Feedback>>(`${FEEDBACK_API}/list/page`, { params: query }),
  setStatus: (id: number, status: FeedbackStatus) => http.put<Feedback>(`${FEEDBACK_API}/${id}/status`, { status }),
  reply: (id: number, reply: string) => http.post<Feedback>(`${FEEDBACK_API}/${id}/reply`, { reply }),

  /**
   * The screenshot as a blob: it is served to its owner and the admin only, so an <img> cannot
   * fetch it by address (no cookies, a bearer token). Rejects when it cannot be shown.
   */
  async screenshot(key: string): Promise<Blob> {
    await refreshAhead();
    const { accessToken } = useSession.getState();
    const response = await fetch(`${platform.apiUrl}${feedbackScreenshotPath(key)}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (!response.ok) throw new Error(`screenshot ${response.status}`);
    return response.blob();
  },
};
