import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contentLanguage } from '../../../i18n/languages';
import { CountryEntry, OPS_CONFIG_STORED, OpsConfigValue as OpsConfigWire, type OpsConfigSection, type OpsConfigValue } from '@apsara/contracts';
import { z } from 'zod';
import { opsKey, opsValue } from './client';

/**
 * GET /ops/config — every editable section with its defaults filled in, read with the same schemas
 * the server reads them with, so each form starts from a typed value.
 */
const ConfigValue = OpsConfigWire.transform((v, ctx) => {
  const out: Partial<Record<OpsConfigSection, unknown>> = {};
  // Read as the server reads them (a value stored before a newer check still loads; saving checks it).
  for (const section of Object.keys(OPS_CONFIG_STORED) as OpsConfigSection[]) {
    const parsed = OPS_CONFIG_STORED[section].safeParse(v[section]);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: [section], message: 'unreadable section' });
      return z.NEVER;
    }
    out[section] = parsed.data;
  }
  return out as OpsConfigValue;
});

export const useOpsConfig = () => useQuery({ queryKey: opsKey('config'), queryFn: () => opsValue('/ops/config', { value: ConfigValue }) });

/** PATCH /ops/config/:section — the section's whole new value; answers with the settings as they now stand. */
export const useSaveConfig = <S extends OpsConfigSection>(section: S) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: OpsConfigValue[S]) => opsValue(`/ops/config/${section}`, { method: 'PATCH', body: value, value: z.unknown() }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: opsKey('config') }), client.invalidateQueries({ queryKey: opsKey('audit') })]),
  });
};

/** GET /ops/dialing-codes — every country with its dialing code: what the dialingCodes section chooses from. */
export const useDialingCatalogue = () => {
  // Named in the operator's language (by the server, which has every portal language's names).
  const { i18n } = useTranslation();
  const lang = contentLanguage(i18n.language ?? 'en');
  return useQuery({ queryKey: opsKey('dialing-codes', lang), queryFn: () => opsValue('/ops/dialing-codes', { value: z.array(CountryEntry) }), staleTime: Infinity, placeholderData: keepPreviousData });
};
