import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FavoriteAddBody,
  FavoriteChangeResponse,
  FavoriteIdsQuery,
  FavoriteIdsResponse,
  FavoriteListQuery,
  FavoriteListResponse,
  FavoriteRemoveQuery,
  GameListQuery,
  GameListResponse,
  GameMenusQuery,
  GameMenusResponse,
  GameVendorQuery,
  GameVendorResponse,
  HotGamesQuery,
  HotGamesResponse,
  JackpotQuery,
  JackpotResponse,
  LaunchGameBody,
  LaunchGameResponse,
  RankListQuery,
  RankListResponse,
  RecentGamesQuery,
  RecentGamesResponse,
  VassGameQuery,
  VassGameResponse,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { okValue, responses } from '../../plugins/http.js';
import { imgUrlOf, namesLang, type CatalogService, type View } from './catalog.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reloads this node's game catalogue now instead of within the next second (tests, operator tools). */
    refreshCatalog: () => Promise<void>;
  }
}

/** Artwork never changes under its URL unless the game's name or category does; a week of caching, revalidated by ETag. */
const ART_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

const viewOf = (req: FastifyRequest, language?: string): View => ({ lang: namesLang(language, req.lang), imgUrl: imgUrlOf(req.merchant) });

const sendArt = (req: FastifyRequest, reply: FastifyReply, art: { svg: string; etag: string } | undefined) => {
  if (!art) throw new AppError('NOT_FOUND');
  reply
    .header('cache-control', ART_CACHE)
    .header('etag', art.etag)
    // Drawn images only: no script may run if one is opened directly, and a CDN on another origin may embed them.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('cross-origin-resource-policy', 'cross-origin');
  const match = req.headers['if-none-match'];
  if (match && (match === '*' || match.split(',').some((t) => t.trim().replace(/^W\//, '') === art.etag))) return reply.status(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(art.svg);
};

export const catalogRoutes = (app: FastifyInstance, catalog: CatalogService, refresh: () => Promise<unknown>) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['games'];
  const security = [{ bearer: [] }];
  app.decorate('refreshCatalog', async () => {
    await refresh();
  });

  r.get('/lgw/games/game_menus', {
    schema: { tags, summary: 'Header and side menu: the categories that have at least one enabled vendor on this site, each with its vendors in order', querystring: GameMenusQuery, response: responses(GameMenusResponse) },
  }, async (req) => okValue(await catalog.menus(req.merchant, viewOf(req, req.query.language))));

  r.get('/wps/relay/GCSGAME_newGameVendor', {
    schema: { tags, summary: 'Vendor lanes (value.data.lanes): per category, the site’s vendors in order with maintenance flags', querystring: GameVendorQuery, response: responses(GameVendorResponse) },
  }, async (req) => okValue(await catalog.vendorLanes(req.merchant, viewOf(req, req.query.language))));

  r.get('/wps/relay/GCSGAME_gameList', {
    schema: {
      tags,
      summary: 'Games of a category (and vendor), searched by name in KM/EN/CN, with the slot filters minimum bet ≥ 1.00 and ≥ 25 lines; 20 a page (at most 100)',
      querystring: GameListQuery,
      response: responses(GameListResponse),
    },
    // The body comes already serialised (cards checked against GameItem when first made, pages cached
    // per catalogue snapshot); a string body with a JSON type is sent as it is, not serialised again
    // (the type provider only knows the object form, hence the cast).
  }, async (req, reply) => reply.type('application/json; charset=utf-8').send((await catalog.gameListJson(req.merchant, req.query, viewOf(req, req.query.language))) as never));

  r.get('/wps/relay/GCSGAME_hotGamesV2', {
    schema: { tags, summary: 'Hot games ready to play (none under maintenance), category by category', querystring: HotGamesQuery, response: responses(HotGamesResponse) },
  }, async (req) => okValue(await catalog.hotGames(req.merchant, req.query, viewOf(req, req.query.language))));

  r.get('/wps/relay/GCSGAME_getVassGameType', {
    schema: { tags, summary: 'The sub-list a VASSALAGE entry opens (vendor + the entry’s vassalage)', querystring: VassGameQuery, response: responses(VassGameResponse) },
  }, async (req) => okValue(await catalog.vassGames(req.merchant, req.query, viewOf(req, req.query.language))));

  r.get('/wps/relay/GCS_recentGame', {
    schema: { tags, security, summary: 'The member’s recently launched games, newest first, 20 a page', querystring: RecentGamesQuery, response: responses(RecentGamesResponse) },
  }, async (req) => okValue(await catalog.recent(req.merchant, await req.requireAuth(), req.query, viewOf(req, req.query.language))));

  r.get('/wps/relay/MCSFE_getFavoriteGames', {
    schema: { tags, security, summary: 'Node ids of the member’s favorite games (favGameIds)', querystring: FavoriteIdsQuery, response: responses(FavoriteIdsResponse) },
  }, async (req) => okValue({ nodeIds: await catalog.favoriteNodeIds(req.merchant, await req.requireAuth()) }));

  r.get('/wps/relay/MCSFE_getFavoriteGamesList', {
    schema: { tags, security, summary: 'The member’s favorite games, newest first (content, pageNum, totalPages; 999 a page)', querystring: FavoriteListQuery, response: responses(FavoriteListResponse) },
  }, async (req) => okValue(await catalog.favoriteList(req.merchant, await req.requireAuth(), req.query, viewOf(req, req.query.language))));

  r.post('/wps/relay/MCSFE_addFavoriteGameV2', {
    schema: { tags, security, summary: 'Adds a game to the member’s favorites; one change a second (429 RATE_LIMITED); trial accounts refused', body: FavoriteAddBody, response: responses(FavoriteChangeResponse) },
  }, async (req) => okValue(await catalog.addFavorite(req.merchant, await req.requireAuth(), req.body)));

  r.delete('/wps/relay/MCSFE_removeFavoriteGameV2', {
    schema: { tags, security, summary: 'Removes a game (by nodeId) from the member’s favorites; one change a second; trial accounts refused', querystring: FavoriteRemoveQuery, response: responses(FavoriteChangeResponse) },
  }, async (req) => okValue(await catalog.removeFavorite(req.merchant, await req.requireAuth(), req.query)));

  r.get('/wps/relay/GCSGAME_getRankList', {
    schema: {
      tags,
      summary: 'Winner board: the site’s latest real wins (closed rounds that paid out), newest first, names masked; empty until somebody wins',
      querystring: RankListQuery,
      response: responses(RankListResponse),
    },
  }, async (req) => okValue(await catalog.rankList(req.merchant, req.query, viewOf(req, req.query.language))));

  r.get('/wps/relay/GCSGAME_getJackpot', {
    schema: { tags, summary: 'The site’s jackpot figure: the same for every client at the same moment, growing with time', querystring: JackpotQuery, response: responses(JackpotResponse) },
  }, async (req) => okValue(catalog.jackpot(req.merchant)));

  r.post('/wps/game/launchGame', {
    schema: {
      tags,
      security,
      summary:
        'Launches a game: the URL to open (in-house: /seamless?game=…&token=…; vendors: VENDOR_SIM_URL/launch/…), or a VASSALAGE sub-list. Trial accounts: 403 TRIAL_NEED_REAL_ACCOUNT; under maintenance: 503 GAME_MAINTENANCE with and data.suggestions',
      body: LaunchGameBody,
      response: responses(LaunchGameResponse),
    },
    config: { rateLimit: { max: 120, timeWindow: 60_000 } },
  }, async (req) => {
    const auth = await req.requireAuth();
    const view = viewOf(req, req.body.language);
    return okValue(await catalog.launch(req.merchant, auth, req.body, { lang: view.lang, origin: `${req.protocol}://${req.host}` }, view));
  });

  // Artwork under {imgUrl}/games/… (imgUrl is the merchant's imageCdn, default /static).
  const File = z.string().regex(/^[A-Za-z0-9_.-]{1,64}\.svg$/, { message: 'an .svg file name' });
  const Code = z.string().regex(/^[A-Z0-9]{2,12}$/, { message: '2-12 capital letters or digits' });
  const artTags = ['games: artwork'];
  r.get('/static/games/vendors/:file', {
    schema: { tags: artTags, summary: 'A vendor’s logo tile (SVG, 240×120)', params: z.object({ file: File }) },
  }, async (req, reply) => sendArt(req, reply, await catalog.art({ kind: 'vendor', code: req.params.file.slice(0, -4) })));
  r.get('/static/games/categories/:file', {
    schema: { tags: artTags, summary: 'A category’s menu icon (SVG, 120×120)', params: z.object({ file: File }) },
  }, async (req, reply) => sendArt(req, reply, await catalog.art({ kind: 'category', code: req.params.file.slice(0, -4) })));
  r.get('/static/games/:vendor/:file', {
    schema: { tags: artTags, summary: 'A game’s card art (SVG, 300×300), drawn by the server', params: z.object({ vendor: Code, file: File }) },
  }, async (req, reply) => sendArt(req, reply, await catalog.art({ kind: 'game', vendor: req.params.vendor, gameCode: req.params.file.slice(0, -4) })));
};
