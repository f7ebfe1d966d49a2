import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MemBetQuery, MemBetResponse, MemProfitQuery, MemProfitResponse } from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import { namesLang } from '../catalog/catalog.service.js';
import type { BetRecordService } from './bet-record.service.js';

export const betRecordRoutes = (app: FastifyInstance, records: BetRecordService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['games'];
  const security = [{ bearer: [] }];

  r.get('/wps/relay/ODSFE2_MemBetDet', {
    schema: {
      tags,
      security,
      summary: 'The betting record (personalHistoryCopy): the member’s rounds by category, vendor and date range (at most 90 days), newest first, 20 a page, with page and filter totals',
      querystring: MemBetQuery,
      response: responses(MemBetResponse),
    },
  }, async (req) =>
    okValue(await records.record(req.merchant, await req.requireAuth(), req.query, { lang: req.lang, namesLang: namesLang(req.query.language, req.lang) })),
  );

  r.get('/wps/relay/ODSFE2_MemProfit', {
    schema: {
      tags,
      security,
      summary: 'Profit and loss (personalProfit): the member’s settled rounds of a date range (at most 90 days) by category, a grand total, open rounds, bonuses',
      querystring: MemProfitQuery,
      response: responses(MemProfitResponse),
    },
  }, async (req) => okValue(await records.profit(req.merchant, await req.requireAuth(), req.query, { lang: req.lang })));
};
