import { useEffect, useState } from 'react';
import { LOTTERY_GAMES, type LotteryDraw } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { Modal, closeModal, useModal } from '../../../components/ui/modal';
import { differingTiers, verifyDraw, type DrawCheck } from '../logic/verify';
import { DigitBalls } from './digit-balls';
import { useLotteryTexts } from './texts';

export const VERIFY_MODAL = 'lotteryVerify';

type Props = { draw?: LotteryDraw };

type State = { status: 'running' } | { status: 'done'; check: DrawCheck } | { status: 'none' } | { status: 'failed' };

/**
 * Checks one draw in this browser: SHA-256 of the revealed seed against the hash published before
 * betting opened, and the digits recomputed with the contract's lotteryDigits (WebCrypto HMAC) against
 * the published result. Both answers are computed here; the server's say-so is only what is compared.
 */
export const VerifyModal = () => {
  const modal = useModal<Props>(VERIFY_MODAL);
  const draw = modal.props.draw;
  const { t } = useLotteryTexts();
  return (
    <Modal name={VERIFY_MODAL} title={draw ? t('verify.title', { drawNo: draw.drawNo }) : t('results.verify')} size="md" className="lt-verify-modal">
      {draw ? <VerifyBody key={`${draw.gameCode}:${draw.drawNo}`} draw={draw} /> : null}
    </Modal>
  );
};

const Check = ({ ok, okText, badText }: { ok: boolean; okText: string; badText: string }) => (
  <p className={`lt-check ${ok ? 'lt-check--ok' : 'lt-check--bad'}`}>
    <Icon name={ok ? 'check' : 'alert'} size={18} />
    {ok ? okText : badText}
  </p>
);

const VerifyBody = ({ draw }: { draw: LotteryDraw }) => {
  const { t, result } = useLotteryTexts();
  const vn = LOTTERY_GAMES[draw.gameCode]?.family === 'vn';
  const [state, setState] = useState<State>({ status: 'running' });

  useEffect(() => {
    let live = true;
    verifyDraw(draw)
      .then((check) => live && setState(check ? { status: 'done', check } : { status: 'none' }))
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [draw]);

  return (
    <div className="lt-verify">
      <p className="lt-muted">{t('verify.intro')}</p>
      <dl className="lt-kv">
        <div>
          <dt>{t('verify.seed')}</dt>
          <dd className="lt-mono">{draw.seed ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('verify.seed_hash')}</dt>
          <dd className="lt-mono">{draw.seedHash}</dd>
        </div>
        {state.status === 'done' ? (
          <div>
            <dt>{t('verify.computed_hash')}</dt>
            <dd className="lt-mono">{state.check.computedHash}</dd>
          </div>
        ) : null}
      </dl>
      <div aria-live="polite">
        {state.status === 'running' ? (
          <p className="lt-muted" role="status">
            <span className="mc-spinner" aria-hidden="true" /> {t('verify.running')}
          </p>
        ) : state.status === 'none' ? (
          <p className="lt-alert lt-alert--info">{t('verify.not_revealed')}</p>
        ) : state.status === 'failed' ? (
          <p className="lt-alert lt-alert--error" role="alert">
            {t('verify.no_crypto')}
          </p>
        ) : (
          <>
            <Check ok={state.check.hashMatches} okText={t('verify.hash_ok')} badText={t('verify.hash_bad')} />
            <div className="lt-verify__digits">
              <div>
                <p className="lt-eyebrow">{t('verify.published')}</p>
                <DigitBalls digits={draw.result} label={result(draw.result)} size="sm" />
              </div>
              <div>
                <p className="lt-eyebrow">{t('verify.computed')}</p>
                <DigitBalls digits={state.check.digits} label={result(state.check.digits)} size="sm" />
              </div>
            </div>
            <Check ok={state.check.digitsMatch} okText={t('verify.digits_ok')} badText={t('verify.digits_bad')} />
            {vn && !state.check.digitsMatch ? <p className="lt-alert lt-alert--error">{t('verify.differs', { tiers: differingTiers(draw.result ?? [], state.check.digits).map((tier) => t(`vn.tier.${tier}`)).join(', ') })}</p> : null}
          </>
        )}
      </div>
      <p className="lt-verify__formula lt-muted">{vn ? t('verify.formula_vn', { message: `${draw.gameCode}:${draw.drawNo}` }) : t('verify.formula', { message: `${draw.gameCode}:${draw.drawNo}` })}</p>
      <div className="lt-verify__actions">
        <button type="button" className="btn btn--ghost" onClick={() => closeModal(VERIFY_MODAL)}>
          {t('verify.close')}
        </button>
      </div>
    </div>
  );
};
