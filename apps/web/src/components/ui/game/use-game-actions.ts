import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FAVORITE_THROTTLE_MS, ReturnPath, type GameCategoryCode, type GameItem, type LaunchGameBody } from '@apsara/contracts';
import { isApiError } from '../../../lib/api';
import { currentContentLanguage } from '../../../i18n';
import { useShellActions } from '../../../lib/shell-actions';
import { closeModal, openModal } from '../modal';
import { addFavorite, gameKeys, launchGame, removeFavorite } from './games-api';
import { createThrottle, isInAppUrl } from './game-logic';

/** One favorite change a second for the whole page, whichever card it comes from (spec §9). */
const allowFavorite = createThrottle(FAVORITE_THROTTLE_MS);

/** Popups mounted by <GameModals/>. */
export const GAME_MODAL = { sublist: 'gameSublist', maintenance: 'gameMaintenance' } as const;

export type SublistProps = { vendor: string; vassalage: string; title: string; games?: GameItem[] };
/** The suggestions as the launch's answer named them, and in which language (the popup follows a switch). */
export type MaintenanceProps = { suggestions: GameItem[]; lang: string };

/** What a launch needs: a game (by node id) or a vendor tile (vendor + category: its first entry). */
export type LaunchTarget =
  | { kind: 'game'; game: GameItem }
  | { kind: 'vendor'; vendor: string; gameType: GameCategoryCode; displayName: string };

const isGameItem = (v: unknown): v is GameItem =>
  typeof v === 'object' && v !== null && typeof (v as GameItem).nodeId === 'number' && typeof (v as GameItem).gameName === 'string';

/**
 * Launch and favorite actions of every game card and tile, behind the action guards of spec §5.
 */
export const useGameActions = () => {
  const { i18n } = useTranslation();
  const { guard, showTrialNotice, showError } = useShellActions();
  const navigate = useNavigate();
  const client = useQueryClient();
  const launching = useRef(false);

  // The dialog keeps the error, not its words: it says it in the language on screen, even after a switch.
  const handleError = useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return showError(error, 'common:gameUi.launchFailed');
      if (error.code === 'TRIAL_NEED_REAL_ACCOUNT') return showTrialNotice();
      if (error.status === 503 && error.data.reason === 'GAME_MAINTENANCE') {
        const raw = Array.isArray(error.data.suggestions) ? error.data.suggestions : [];
        openModal(GAME_MODAL.maintenance, { suggestions: raw.filter(isGameItem), lang: error.lang ?? currentContentLanguage() } satisfies MaintenanceProps);
        return;
      }
      showError(error, 'common:gameUi.launchFailed');
    },
    [showError, showTrialNotice],
  );

  const launch = useCallback(
    (target: LaunchTarget) =>
      guard(() => {
        if (target.kind === 'game' && target.game.isGame === 'VASSALAGE') {
          openModal(GAME_MODAL.sublist, {
            vendor: target.game.vendor,
            vassalage: target.game.gameCode,
            title: target.game.gameName,
          } satisfies SublistProps);
          return;
        }
        if (launching.current) return;
        launching.current = true;
        const language = currentContentLanguage() as LaunchGameBody['language'];
        // A vendor's "back to lobby" brings the player to this page (the server takes a plain path only).
        const here = window.location.pathname + window.location.search;
        const returnPath = ReturnPath.safeParse(here).success ? here : undefined;
        const body: LaunchGameBody =
          target.kind === 'game'
            ? { nodeId: target.game.nodeId, vendor: target.game.vendor, gameType: target.game.gameType, language, returnPath }
            : { vendor: target.vendor, gameType: target.gameType, language, returnPath };
        launchGame(body)
          .then((answer) => {
            if (answer.action === 'SUBLIST') {
              openModal(GAME_MODAL.sublist, {
                vendor: answer.parent.vendor,
                vassalage: answer.parent.gameCode,
                title: answer.parent.gameName,
                games: answer.games,
              } satisfies SublistProps);
              return;
            }
            closeModal(GAME_MODAL.sublist);
            void client.invalidateQueries({ queryKey: ['games', 'member', 'recent'] });
            if (isInAppUrl(answer.url)) navigate(answer.url);
            else window.location.assign(answer.url);
          })
          .catch(handleError)
          .finally(() => {
            launching.current = false;
          });
      }),
    [guard, i18n.language, client, navigate, handleError],
  );

  /** Adds or removes a favorite; one change a second (spec §9), the list updated from the answer. */
  const toggleFavorite = useCallback(
    (game: GameItem, isFavorite: boolean) =>
      guard(() => {
        if (!allowFavorite()) return;
        (isFavorite ? removeFavorite(game) : addFavorite(game))
          .then((answer) => {
            client.setQueryData(gameKeys.favoriteIds, { nodeIds: answer.nodeIds });
            void client.invalidateQueries({ queryKey: ['games', 'member', 'favoriteList'] });
          })
          .catch((error: unknown) => {
            if (isApiError(error) && error.code === 'TRIAL_NEED_REAL_ACCOUNT') return showTrialNotice();
            if (isApiError(error) && error.code === 'RATE_LIMITED') return;
            showError(error, 'common:gameUi.favoriteFailed');
          });
      }),
    [guard, client, showError, showTrialNotice],
  );

  return { launch, toggleFavorite };
};
