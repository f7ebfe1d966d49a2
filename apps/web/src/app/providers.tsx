import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from '../i18n';
import { SiteConfigContext } from '../lib/site-config';
import { useSiteConfig } from '../features/system/api/get-site-config';
import { createAppRouter } from './router';
import { SystemGate } from './system-gate';

const makeQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });

/** Loads the site config once for the whole app and hands it down through context. */
const SiteConfigProvider = ({ children }: { children: ReactNode }) => {
  const { config } = useSiteConfig();
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
};

/** QueryClient, i18n, site config, the system-status gate and the router. */
export const Providers = () => {
  const [queryClient] = useState(makeQueryClient);
  const router = useMemo(createAppRouter, []);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SiteConfigProvider>
          <SystemGate>
            <RouterProvider router={router} />
          </SystemGate>
        </SiteConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
};
