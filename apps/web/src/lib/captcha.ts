import { useCallback, useEffect, useRef, useState } from 'react';
import { CAPTCHA_REFRESH_MIN_MS, CaptchaResponse } from '@apsara/contracts';
import { apiRequest } from './api';

/** GET /wps/captcha — a fresh single-use image; the answer goes back with its captchaId. */
export const getCaptcha = () => apiRequest('/wps/captcha', { response: CaptchaResponse });

export type CaptchaState = {
  image: string | null;
  captchaId: string | null;
  loading: boolean;
  /** True for a second after each refresh (spec §5: captcha refresh at most once per second). */
  coolingDown: boolean;
  error: string | null;
  refresh: () => void;
};

/** Loads a captcha when `active` turns on; `refresh()` is throttled to once per second. */
export const useCaptcha = (active: boolean): CaptchaState => {
  const [image, setImage] = useState<string | null>(null);
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [coolingDown, setCoolingDown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cooling = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    if (cooling.current) return;
    cooling.current = true;
    setCoolingDown(true);
    timer.current = setTimeout(() => {
      cooling.current = false;
      setCoolingDown(false);
    }, CAPTCHA_REFRESH_MIN_MS);
    setLoading(true);
    getCaptcha()
      .then((res) => {
        setImage(res.value.startsWith('data:') ? res.value : `data:image/png;base64,${res.value}`);
        setCaptchaId(res.captchaId);
        setError(null);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setLoading(false));
  }, []);

  useEffect(() => {
    if (active) refresh();
  }, [active, refresh]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { image, captchaId, loading, coolingDown, error, refresh };
};
