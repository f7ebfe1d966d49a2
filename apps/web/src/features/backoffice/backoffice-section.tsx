import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useMatches, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SectionProps } from '../../app/lazy-section';
import { brandOf, useSiteConfigValue } from '../../lib/site-config';
import { OPS_ROOT } from './api/client';
import { BackofficeFrame } from './components/frame/backoffice-frame';
import { LoginPage } from './components/login/login-page';
import { useOpsSession } from './logic/ops-session';
import { afterLoginPath, boPageTitleKey, isBoScreen, loginPathFrom, type BoScreen } from './logic/pages';
import { registerOpsTexts } from './texts';
import './backoffice.css';

registerOpsTexts();

/** The screen the deepest matched route names (its meta carries `backofficePage`). */
const useScreen = (): BoScreen => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as { backofficePage?: unknown } | undefined;
    if (isBoScreen(handle?.backofficePage)) return handle.backofficePage;
  }
  return 'dashboard';
};

/**
 * The back office (/backoffice/**), loaded on demand so players never download it. Without an
 * operator token every page sends the visitor to the sign-in page (and back afterwards); with one,
 * the sign-in page sends them on.
 */
const BackofficeSection = (_: SectionProps) => {
  const { t } = useTranslation('ops');
  const config = useSiteConfigValue();
  const screen = useScreen();
  const { token, ended } = useOpsSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const client = useQueryClient();

  // The shell named the first page before these texts had arrived; later pages it names itself.
  useEffect(() => {
    document.title = `${t(boPageTitleKey(screen))} · ${brandOf(config)}`;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A session that ended (signed out, or refused by the server) leaves none of its data behind.
  useEffect(() => {
    if (!token) client.removeQueries({ queryKey: OPS_ROOT });
  }, [token, client]);

  if (screen === 'login') return token ? <Navigate to={afterLoginPath(params.get('next'))} replace /> : <LoginPage ended={ended} />;
  if (!token) return <Navigate to={loginPathFrom(location.pathname + location.search)} replace />;
  return <BackofficeFrame page={screen} />;
};

export default BackofficeSection;
