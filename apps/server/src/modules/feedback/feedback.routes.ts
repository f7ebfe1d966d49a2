import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FeedbackBody,
  FeedbackListQuery,
  FeedbackSentResponse,
  MyFeedbackListResponse,
  OpsFeedbackListResponse,
  OpsFeedbackParams,
  OpsFeedbackQuery,
  OpsFeedbackResolveBody,
  OpsFeedbackResolveResponse,
} from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { FeedbackService } from './feedback.service.js';

/** Feedback and complaints: sent by anyone (spec §7 PUT /wps/feedback), read by the member, answered by operators. */
export const feedbackRoutes = (app: FastifyInstance, feedback: FeedbackService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  r.put('/wps/feedback', {
    schema: {
      tags: ['feedback'],
      summary: "Sends feedback: a question type, 20–200 characters and a captcha; a visitor gives a name, a member's token makes it theirs",
      security: [{}, { bearer: [] }],
      body: FeedbackBody,
      response: responses(FeedbackSentResponse),
    },
    config: { rateLimit: { max: 20, timeWindow: 60_000 } },
  }, async (req) => {
    // A token that was sent must be good: feedback is never filed as a visitor's by mistake.
    const sender = req.headers.authorization ? await req.requireAuth() : null;
    return okValue(await feedback.send(req.merchant.id, sender, req.body, clientOf(req)));
  });

  r.get('/wps/feedback', {
    schema: { tags: ['feedback'], security, summary: "The signed-in member's feedback, newest first, 20 a page, with the answers", querystring: FeedbackListQuery, response: responses(MyFeedbackListResponse) },
  }, async (req) => okValue(await feedback.listMine(await req.requireAuth(), req.query)));

  r.get('/ops/feedback', {
    schema: { tags: ['ops'], security, summary: 'Feedback of this merchant, newest first, 20 a page, by status and type; admin, finance and support', querystring: OpsFeedbackQuery, response: responses(OpsFeedbackListResponse) },
  }, async (req) => okValue(await feedback.listForOps(await req.requireOperator(), req.query)));

  r.post('/ops/feedback/:id/resolve', {
    schema: {
      tags: ['ops'],
      security,
      summary: 'Answers open feedback; the member reads the reply beside it; audited; once only; admin and support',
      params: OpsFeedbackParams,
      body: OpsFeedbackResolveBody,
      response: responses(OpsFeedbackResolveResponse),
    },
  }, async (req) => okValue(await feedback.resolve(await req.requireOperator(), req.merchant.defaultLanguage, req.params.id, req.body, clientOf(req))));
};
