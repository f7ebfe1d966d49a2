import { useEffect, type ReactNode } from 'react';
import { decideGate, useSystemStatus } from '../features/system/api/get-system-status';
import { BlockedScreen, MaintenanceScreen } from '../features/system/components/system-screen';
import { hideLoader } from '../lib/loader';
import { useSiteConfigValue } from '../lib/site-config';
import { isBackofficePath } from './routes';
import { LanguageSelect } from './shell/language-select';

/** Operators work through maintenance (the /ops API stays up): the back office is never gated. */
const onBackoffice = () => typeof window !== 'undefined' && isBackofficePath(window.location.pathname);

/**
 * Spec §4 system status: 0 shows the app, 1 the maintenance page, 2 the region-blocked page. A failed
 * or slow status call shows the app: only an explicit answer from the server takes the site away.
 * The back office (/backoffice) is never gated.
 */
export const SystemGate = ({ children }: { children: ReactNode }) => {
  const status = useSystemStatus();
  const config = useSiteConfigValue();
  const bypass = onBackoffice();
  const decision = bypass ? ({ kind: 'app' } as const) : decideGate({ pending: status.isPending, data: status.data });

  useEffect(() => {
    if (decision.kind === 'maintenance' || decision.kind === 'blocked') hideLoader();
  }, [decision.kind]);

  const retry = () => void status.refetch();
  switch (decision.kind) {
    case 'loading':
      // The index.html loader stays up while the status call is in flight.
      return null;
    case 'maintenance':
      return <MaintenanceScreen status={decision.status} config={config} languageSelect={<LanguageSelect compact />} onRetry={retry} />;
    case 'blocked':
      return <BlockedScreen status={decision.status} config={config} languageSelect={<LanguageSelect compact />} onRetry={retry} />;
    default:
      return <>{children}</>;
  }
};
