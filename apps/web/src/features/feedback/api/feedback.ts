import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FeedbackSentValue, MyFeedbackListValue, type FeedbackBody } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';

/** PUT /wps/feedback — the token, when there is one, files it under the member's account. */
export const sendFeedback = (body: FeedbackBody) => apiValue('/wps/feedback', { method: 'PUT', body, value: FeedbackSentValue });

/** Under ['member', …]: dropped at sign-out, and read again when an operator's answer is announced. */
export const myFeedbackKey = (page: number) => ['member', 'feedback', page] as const;

/** GET /wps/feedback?page — the member's own feedback with the answers, 20 a page. */
export const useMyFeedback = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: myFeedbackKey(page),
    queryFn: ({ signal }) => apiValue('/wps/feedback', { query: { page }, signal, value: MyFeedbackListValue }),
    enabled,
    placeholderData: keepPreviousData,
  });
